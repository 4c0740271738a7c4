import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { revalidate } from "../../../lib/swr";

/** Notifications and calendars (DESIGN.md section 9): the reminder switch, the feed, who paid, the waitlist. */
export const notificationSettingsKey = "/api/user/notification-settings";
export const calendarFeedKey = "/api/user/calendar-feed";
export const waitlistKey = "/api/waitlist";
export const bookingPayersKey = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/payers`;
/** The booking as a calendar file: a plain link, the browser downloads it with the session cookie. */
export const bookingCalendarUrl = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;

export interface NotificationSettings {
  remindersEnabled: boolean;
}

export interface BookingPayer {
  paymentId: string;
  name: string;
  isOrganiser: boolean;
  kind: string;
  amount: string;
  refunded: string;
  paidAt: string;
}

export interface WaitlistEntry {
  id: string;
  courtId: string;
  date: string;
  timeSlot: string;
  createdAt: string;
}

export const useNotificationSettings = () => useSWR<NotificationSettings>(notificationSettingsKey);
export const useCalendarFeed = () => useSWR<{ url: string }>(calendarFeedKey);
export const useBookingPayers = (bookingId: string, enabled: boolean) => useSWR<BookingPayer[]>(enabled ? bookingPayersKey(bookingId) : null);
export const useWaitlist = (enabled = true) => useSWR<WaitlistEntry[]>(enabled ? waitlistKey : null);

export const updateNotificationSettings = async (input: NotificationSettings) => {
  const answer = await api<NotificationSettings>(notificationSettingsKey, { method: "PUT", json: input });
  await revalidate(notificationSettingsKey);
  return answer;
};

/** A new feed address; the old one stops working. */
export const regenerateCalendarFeed = async () => {
  const answer = await api<{ url: string }>(calendarFeedKey, { method: "POST" });
  await revalidate(calendarFeedKey);
  return answer;
};

export const joinWaitlist = async (input: { courtId: string; date: string; timeSlot: string }) => {
  const entry = await api<WaitlistEntry>(waitlistKey, { method: "POST", json: input });
  await revalidate(waitlistKey);
  return entry;
};

export const leaveWaitlist = async (id: string) => {
  await api(`${waitlistKey}/${encodeURIComponent(id)}`, { method: "DELETE" });
  await revalidate(waitlistKey);
};
