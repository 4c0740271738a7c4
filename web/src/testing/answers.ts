import type { DiscountCode } from "../types/api";

/**
 * A paid day singles payment as the API answers it ($14.50, card fee $0.72), for screens' tests;
 * each test adds the fields of the list it mocks (a player's history, the admin's transactions).
 */
export const aPaymentAnswer = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  status: "succeeded",
  kind: "full",
  amount: "14.50",
  discount: "0.00",
  discountCode: null,
  stripeFee: "0.72",
  netAmount: "13.78",
  totalPaid: "14.50",
  refundedAmount: "0.00",
  userId: "u1",
  stripePaymentIntentId: `pi_${id}`,
  shareToken: null,
  ...overrides,
});

/**
 * A paid day singles booking of 'Cancha {id}' at Club Norte as the player's lists answer it
 * ($14.50, 10:00 on `date`); each test adds the fields its case needs.
 */
export const aBookingAnswer = (id: string, date: string, overrides: Record<string, unknown> = {}) => ({
  id,
  userId: "u1",
  courtId: "c1",
  bookingDate: `${date}T00:00:00`,
  date,
  timeSlot: "10:00",
  gameType: "singles",
  tariffType: "day",
  totalAmount: "14.50",
  paidAmount: "14.50",
  paymentStatus: "completed",
  status: "active",
  court: { id: "c1", name: `Cancha ${id}`, courtNumber: 1, venueId: "v1", venueName: "Club Norte" },
  ...overrides,
});

/** A switched-on 10% code 'VERANO10' as the admin's list answers it; each test adds what its case needs. */
export const aDiscountCodeAnswer = (overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "d1",
  code: "VERANO10",
  type: "percentage",
  value: 10,
  maxUsage: null,
  usageCount: 0,
  expiresAt: null,
  isActive: true,
  createdAt: "2030-01-01T00:00:00.000Z",
  ...overrides,
});
