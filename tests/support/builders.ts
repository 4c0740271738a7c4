import { randomUUID } from "node:crypto";
import {
  bandOf,
  breakdown,
  DEFAULT_PRICES,
  PLAYERS,
  priceForSlot,
  type Booking,
  type Court,
  type DiscountCode,
  type GameType,
  type InvoiceData,
  type Payment,
  type ShareLink,
  type StoredImage,
  type User,
  type Venue,
} from "@courts/core";

/**
 * Domain objects for tests, valid by default, every field overridable. Ids are random UUIDs so
 * objects built in different tests never collide in a shared database.
 */

let sequence = 0;
const next = () => ++sequence;

export const AN_INSTANT = new Date("2026-11-21T12:00:00.000Z");

export const aUser = (overrides: Partial<User> = {}): User => {
  const n = next();
  return {
    id: randomUUID(),
    username: `player${n}`,
    email: `player${n}@example.com`,
    passwordHash: "fake-hash:secret-password",
    isAdmin: false,
    createdAt: AN_INSTANT,
    fullName: null,
    phone: null,
    emailVerified: true,
    level: null,
    matchDigest: false,
    ...overrides,
  };
};

export const aVenue = (overrides: Partial<Venue> = {}): Venue => ({
  id: randomUUID(),
  name: `Club de Tenis ${next()}`,
  location: "Av. Samborondón km 2, Guayaquil",
  description: "Complejo con canchas de arcilla",
  imageUrl: null,
  imageData: null,
  createdAt: AN_INSTANT,
  ...overrides,
});

export const aCourt = (venueId: string, overrides: Partial<Court> = {}): Court => {
  const n = next();
  return {
    id: randomUUID(),
    venueId,
    name: `Cancha ${n}`,
    courtNumber: n,
    status: "available",
    imageUrl: null,
    imageData: null,
    prices: DEFAULT_PRICES,
    createdAt: AN_INSTANT,
    ...overrides,
  };
};

/** An active, unpaid booking; tariff and total follow the slot and game type unless overridden. */
export const aBooking = (overrides: Partial<Booking> = {}): Booking => {
  const timeSlot = overrides.timeSlot ?? "10:00";
  const gameType: GameType = overrides.gameType ?? "singles";
  return {
    id: randomUUID(),
    userId: randomUUID(),
    courtId: randomUUID(),
    date: "2026-11-25",
    timeSlot,
    gameType,
    tariffType: bandOf(timeSlot),
    totalAmount: priceForSlot(DEFAULT_PRICES, timeSlot, gameType),
    paidAmount: 0,
    status: "active",
    cancellationReason: null,
    refundPercentage: null,
    createdAt: AN_INSTANT,
    cancelledAt: null,
    holdExpiresAt: null,
    shareDeadlineAt: null,
    remainderStatus: null,
    ...overrides,
  };
};

/**
 * A pending payment of `amount` (default 725, half of a day singles booking) with its discount,
 * fee and net computed like the use case does. Pass the booking to copy its names and date.
 */
/** insertPending's answer when the payment was written (one without a discount code always is). */
export const written = (answer: Payment | "code-used-up"): Payment => {
  if (answer === "code-used-up") throw new Error("the payment's discount code had no use left");
  return answer;
};

export const aPayment = (
  overrides: Partial<Payment> = {},
  paidFor?: { booking: Booking; court: Court; venue: Venue },
): Payment => {
  const amount = overrides.amount ?? 725;
  const discount = overrides.discount ?? 0;
  const parts = breakdown(amount, discount > 0 ? { type: "fixed", value: discount } : undefined);
  return {
    id: randomUUID(),
    bookingId: paidFor?.booking.id ?? randomUUID(),
    userId: paidFor?.booking.userId ?? randomUUID(),
    kind: "partial",
    status: "pending",
    amount,
    discount: parts.discount,
    discountCode: null,
    discountCodeId: null,
    stripeFee: parts.fee,
    netAmount: parts.net,
    refundedAmount: 0,
    refundOwed: 0,
    refundSentAt: null,
    flag: null,
    stripePaymentIntentId: `pi_test_${randomUUID().replaceAll("-", "")}`,
    shareToken: null,
    invoiceNumber: null,
    createdAt: AN_INSTANT,
    paidAt: null,
    venueName: paidFor?.venue.name ?? "Club de Tenis",
    courtName: paidFor?.court.name ?? "Cancha 1",
    courtNumber: paidFor?.court.courtNumber ?? 1,
    bookingDate: paidFor?.booking.date ?? "2026-11-25",
    timeSlot: paidFor?.booking.timeSlot ?? "10:00",
    gameType: paidFor?.booking.gameType ?? "singles",
    ...overrides,
  };
};

export const aDiscountCode = (overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  id: randomUUID(),
  code: `PROMO${next()}`,
  type: "percentage",
  value: 10,
  maxUsage: null,
  usageCount: 0,
  expiresAt: null,
  isActive: true,
  createdAt: AN_INSTANT,
  ...overrides,
});

export const aShareLink = (booking: Pick<Booking, "id" | "totalAmount" | "gameType">, overrides: Partial<ShareLink> = {}): ShareLink => ({
  id: randomUUID(),
  token: `${randomUUID()}${randomUUID()}`.replaceAll("-", ""),
  bookingId: booking.id,
  amountPerPerson: Math.ceil(booking.totalAmount / PLAYERS[booking.gameType]),
  maxParticipants: PLAYERS[booking.gameType],
  currentParticipants: 0,
  expiresAt: new Date(AN_INSTANT.getTime() + 48 * 3_600_000),
  createdAt: AN_INSTANT,
  ...overrides,
});

export const anImage = (overrides: Partial<StoredImage> = {}): StoredImage => ({
  id: randomUUID(),
  contentType: "image/png",
  bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  createdAt: AN_INSTANT,
  ...overrides,
});

/** The player's copy of an invoice: a doubles hour with a 10% code, paid by card, no tax. */
export const anInvoice = (overrides: Partial<InvoiceData> = {}): InvoiceData => ({
  copy: "player",
  invoiceNumber: "2026-000042",
  issueDate: "2026-11-21",
  paymentId: "8f14e45f-ceea-467f-a0e6-6d1b2f0c9b1a",
  payerName: "María José Peña Núñez",
  payerEmail: "maria.pena@example.com",
  venueName: "Club de Tenis Cumbayá",
  courtName: "Cancha Central",
  courtNumber: 3,
  bookingDate: "2026-11-22",
  timeSlot: "18:00",
  gameType: "doubles",
  amount: 3300,
  discount: 330,
  discountCode: "VERANO10",
  stripeFee: 116,
  totalPaid: 2970,
  refunded: 0,
  taxRate: 0,
  ...overrides,
});
