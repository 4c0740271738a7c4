import type { BookingFacts, Notice, TouchedBooking } from "@courts/core";

/** One of every message, with a name that tries to be markup. */
export const SAMPLE_BOOKING: BookingFacts = {
  bookingId: "0b6c7e2a-5a9f-4d1e-9b7a-2f3c4d5e6f70",
  venueName: "Club de Tenis Los Ceibos",
  courtName: "Central",
  courtNumber: 1,
  date: "2026-11-28",
  timeSlot: "18:00",
  gameType: "doubles",
  startsAt: "2026-11-28T23:00:00.000Z",
  endsAt: "2026-11-29T00:00:00.000Z",
};

const b = SAMPLE_BOOKING;
const name = "María José";

/** The same hour on the next Saturdays: a weekly series. */
const weekly = (weeks: number, refunds: readonly number[] = [], cash: readonly number[] = []): TouchedBooking[] =>
  Array.from({ length: weeks }, (_, i) => {
    const day = 28 + 7 * i;
    const date = day <= 30 ? `2026-11-${day}` : `2026-12-${String(day - 30).padStart(2, "0")}`;
    const startsAt = new Date(new Date(b.startsAt).getTime() + i * 7 * 86_400_000);
    return {
      booking: { ...b, bookingId: `b-${i + 1}`, date, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() },
      refund: refunds[i] ?? 0,
      cash: cash[i] ?? 0,
    };
  });

export const SAMPLE_NOTICES: readonly Notice[] = [
  { kind: "receipt", name, booking: b, paymentId: "p1", charged: 825, invoiceNumber: "2026-000042" },
  // a $33.00 hour paid with a 10% code: $29.70 was charged
  { kind: "booking-confirmed", name, booking: b, total: 3300, paid: 2970 },
  { kind: "share-paid", name, booking: b, payerName: "Ana <script>alert(1)</script>", paidCount: 3, totalCount: 4, charged: 825 },
  { kind: "cancellation", name, booking: b, refund: 412, refundPercentage: 50 },
  { kind: "closure", name, booking: b, refund: 825, reason: "Mantenimiento" },
  { kind: "reminder", name, booking: b },
  { kind: "slot-freed", name, booking: b, courtId: "c-1" },
  { kind: "hold-expired", name, booking: b, courtId: "c-1" },
  { kind: "remainder-charged", name, booking: b, amount: 1650, paymentId: "p2" },
  { kind: "balance-due", name, booking: b, amount: 1650 },
  // the release ballot: won, with the hold to pay by its deadline
  { kind: "ballot", name, booking: b, won: true, courtId: "c-1", payBy: "08:16" },
  { kind: "password-reset", name, token: "Zm9vYmFyYmF6cXV4cXV1eA", minutes: 60 },
  { kind: "verify-email", name, token: "cXV1eHF1dXhmb29iYXJiYXo", hours: 72 },
  { kind: "membership-ending", name, venueName: "Tenis Club Cuenca", planName: "Socio anual", endsOn: "lunes 8 de junio de 2027" },
  {
    kind: "match-digest",
    name,
    level: 3.5,
    matches: [
      { id: "m1", venueName: "Tenis Club Cuenca", date: "2026-11-28", timeSlot: "19:00", levelMin: 3, levelMax: 4, spotsLeft: 2, pricePerPlayer: 825 },
      { id: "m2", venueName: "Club de Tenis Los Ceibos", date: "2026-11-29", timeSlot: "08:00", levelMin: 3.5, levelMax: 5, spotsLeft: 1, pricePerPlayer: 725 },
    ],
  },
  // one message per payment: this one completed the booking
  { kind: "payment", name, booking: b, paymentId: "p1", way: "card", charged: 3300, invoiceNumber: "2026-000042", confirmed: true, paid: 3300 },
  // one message per club action: a series ended, four Saturdays, the first paid by card and in cash
  { kind: "club-action", name, action: "series-cancelled", reason: "Torneo interno del club", bookings: weekly(4, [3300], [1300]), skipped: [] },
];

/** Other shapes of the two new messages, for the screenshots: each a name and its notice. */
export const SAMPLE_VARIANTS: readonly { readonly name: string; readonly notice: Notice }[] = [
  { name: "payment-share", notice: { kind: "payment", name, booking: b, paymentId: "p3", way: "share", charged: 825, invoiceNumber: "2026-000043", confirmed: false, paid: 0, guest: true } },
  { name: "payment-cash-confirmed", notice: { kind: "payment", name, booking: b, paymentId: "p4", way: "cash", charged: 825, invoiceNumber: "2026-000044", confirmed: true, paid: 3300 } },
  { name: "payment-remainder", notice: { kind: "payment", name, booking: b, paymentId: "p5", way: "remainder", charged: 1650, invoiceNumber: "2026-000045", confirmed: true, paid: 3300 } },
  { name: "share-paid-last", notice: { kind: "share-paid", name, booking: b, payerName: "Ana", paidCount: 4, totalCount: 4, charged: 825, confirmed: true, paid: 3300 } },
  {
    name: "club-series-booked",
    notice: { kind: "club-action", name, action: "series-booked", reason: null, bookings: weekly(4), skipped: [{ date: "2026-12-26", message: "Ocupado" }] },
  },
  { name: "ballot-lost", notice: { kind: "ballot", name, booking: { ...b, bookingId: "" }, won: false, courtId: "c-1" } },
  { name: "club-series-cancelled-one", notice: { kind: "club-action", name, action: "series-cancelled", reason: null, bookings: weekly(1), skipped: [] } },
  {
    name: "club-closure",
    notice: {
      kind: "club-action",
      name,
      action: "closure",
      reason: "Mantenimiento (Lluvia)",
      bookings: [weekly(1, [825])[0]!, { booking: { ...b, bookingId: "b-9", timeSlot: "19:00", courtName: "Pista 2", courtNumber: 2, startsAt: "2026-11-29T00:00:00.000Z", endsAt: "2026-11-29T01:00:00.000Z" }, refund: 825, cash: 0 }],
      skipped: [],
    },
  },
];
