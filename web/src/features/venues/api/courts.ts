import useSWR from "swr";
import { parseMoney, type CourtPrices } from "@courts/core";
import { api } from "../../../lib/api-client";
import { revalidate } from "../../../lib/swr";
import type { Court, CourtDayBookings } from "../../../types/api";

/** Courts: GET /api/courts, /api/courts/{id}, /api/venues/{id}/courts, the day's booked slots, and admin writes. */
export const courtsKey = "/api/courts";
export const courtKey = (id: string) => `/api/courts/${encodeURIComponent(id)}`;
export const venueCourtsKey = (venueId: string) => `/api/venues/${encodeURIComponent(venueId)}/courts`;
export const courtDayKey = (id: string, date: string) => `${courtKey(id)}/bookings?date=${date}`;

export const useCourts = () => useSWR<Court[]>(courtsKey);
export const useCourt = (id: string | undefined) => useSWR<Court>(id ? courtKey(id) : null);
export const useVenueCourts = (venueId: string | undefined) => useSWR<Court[]>(venueId ? venueCourtsKey(venueId) : null);
/** GET /api/courts/{id}/bookings?date=YYYY-MM-DD -> bookedSlots */
export const useCourtDay = (id: string | undefined, date: string | undefined) =>
  useSWR<CourtDayBookings>(id && date ? courtDayKey(id, date) : null);

export const refreshCourtDay = (id: string) => revalidate(`${courtKey(id)}/bookings`);

/** The API's decimal strings as the core's prices in cents. */
export const courtPrices = (court: Court): CourtPrices => ({
  daySingles: parseMoney(String(court.daySinglesPrice)) ?? 0,
  dayDoubles: parseMoney(String(court.dayDoublesPrice)) ?? 0,
  nightSingles: parseMoney(String(court.nightSinglesPrice)) ?? 0,
  nightDoubles: parseMoney(String(court.nightDoublesPrice)) ?? 0,
});

export interface CourtInput {
  name: string;
  courtNumber: number;
  venueId: string;
  status: string;
  daySinglesPrice: string;
  dayDoublesPrice: string;
  nightSinglesPrice: string;
  nightDoublesPrice: string;
}

const afterCourtWrite = () => revalidate(courtsKey, "/api/venues");

export const createCourt = async (input: CourtInput) => {
  const court = await api<Court>(courtsKey, { method: "POST", json: input });
  await afterCourtWrite();
  return court;
};

export const updateCourt = async (id: string, input: CourtInput) => {
  const court = await api<Court>(courtKey(id), { method: "PUT", json: input });
  await afterCourtWrite();
  return court;
};

export const deleteCourt = async (id: string) => {
  await api(courtKey(id), { method: "DELETE" });
  // Its bookings go with it (SPEC.md section 6).
  await revalidate(courtsKey, "/api/venues", "/api/bookings", "/api/user/");
};

export const setCourtImage = async (id: string, imageData: string) => {
  const court = await api<Court>(`${courtKey(id)}/image`, { method: "PUT", json: { imageData } });
  await afterCourtWrite();
  return court;
};
