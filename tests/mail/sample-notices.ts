import type { BookingFacts, Notice } from "@courts/core";

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
  { kind: "password-reset", name, token: "Zm9vYmFyYmF6cXV4cXV1eA", minutes: 60 },
  { kind: "verify-email", name, token: "cXV1eHF1dXhmb29iYXJiYXo", hours: 72 },
];
