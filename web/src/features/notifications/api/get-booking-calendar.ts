/** GET /api/bookings/{id}/calendar.ics: a plain link, the browser downloads it with the session cookie. */
export const bookingCalendarUrl = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;
