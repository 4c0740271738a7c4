import type { Cents } from "./money.js";
import type { CourtPrices, GameType } from "./pricing.js";
import type { TimeSlot } from "./slots.js";
import type { LocalDate } from "./time.js";

export interface User {
  readonly id: string;
  readonly username: string;
  /** "" for a walk-in the desk created: no password verifies until they set one by reset */
  readonly passwordHash: string;
  readonly isAdmin: boolean;
  readonly createdAt: Date;
  /** "" for a walk-in without one */
  readonly email: string;
  /** the person's name as they gave it; null for accounts made before it was asked */
  readonly fullName: string | null;
  /** E.164 ("+593991234567") */
  readonly phone: string | null;
  readonly emailVerified: boolean;
  /** self-rated level for open matches, 1.0-7.0 in steps of 0.5; null (or absent) until set */
  readonly level?: number | null;
  /** opted in to one mail a day with the new open matches at their level */
  readonly matchDigest?: boolean;
}

export interface Venue {
  readonly id: string;
  readonly name: string;
  readonly location: string;
  readonly description: string | null;
  readonly imageUrl: string | null;
  readonly imageData: string | null;
  readonly createdAt: Date;
}

/** The statuses of a card provider's payment intent, by Stripe's names. */
export const INTENT_STATUSES = ["requires_payment_method", "requires_confirmation", "requires_action", "processing", "succeeded", "canceled"] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];
export const isIntentStatus = (status: string): status is IntentStatus => (INTENT_STATUSES as readonly string[]).includes(status);

export type CourtStatus = string; // "available" or anything else ("maintenance", ...)

export interface Court {
  readonly id: string;
  readonly venueId: string;
  readonly name: string;
  readonly courtNumber: number;
  readonly status: CourtStatus;
  readonly imageUrl: string | null;
  readonly imageData: string | null;
  readonly prices: CourtPrices;
  readonly createdAt: Date;
}

export const isAvailable = (court: Pick<Court, "status">): boolean => court.status === "available";

/** A court's state in the club's words: SPEC's 'En Uso' where it is true, and a court under maintenance says so. */
export const courtStatusText = (court: { readonly status: CourtStatus }): string =>
  isAvailable(court) ? "Disponible" : court.status === "maintenance" ? "En mantenimiento" : "En Uso";

export type PaymentStatus = "pending" | "succeeded" | "failed" | "refunded";
/**
 * cash: paid at the club; remainder: what the others did not pay by the split deadline, charged to
 * the organiser's saved card; wallet: paid from the player's wallet (no card fee, refunds go back to it)
 */
export type PaymentKind = "partial" | "full" | "shared" | "cash" | "remainder" | "wallet" | "punch_card";

/**
 * A cash payment has no card intent: its intent id is a key of its own, `cash-<payment id>`
 * (payments_intent_unique stays meaningful). What a refund owes it is handed back at the club,
 * never sent through the card provider.
 */
export const cashIntentId = (paymentId: string): string => `cash-${paymentId}`;
/** A wallet payment's key of its own, as cash has (no card intent): `wallet-<payment id>`. */
export const walletIntentId = (paymentId: string): string => `wallet-${paymentId}`;
/**
 * What the admin must see on a payment: the provider took an amount, currency or metadata that
 * did not match it (refunded in full), or took money that could no longer apply (refunded on
 * arrival: booking cancelled, already paid, link full, intent abandoned).
 */
export type PaymentFlag = "mismatch" | "refunded_on_arrival";

/**
 * One card payment. Written as pending when its intent is created and moved to succeeded once
 * the provider confirms it. It keeps the names of what was paid for, so accounting survives
 * the deletion of a court or venue.
 */
export interface Payment {
  readonly id: string;
  readonly bookingId: string;
  /** the payer: a user id, or a generated placeholder for a shared-link payer */
  readonly userId: string;
  readonly kind: PaymentKind;
  readonly status: PaymentStatus;
  readonly amount: Cents;
  readonly discount: Cents;
  readonly discountCode: string | null;
  readonly discountCodeId: string | null;
  readonly stripeFee: Cents;
  readonly netAmount: Cents;
  readonly refundedAmount: Cents;
  /** refunds decided (a cancellation's, a closure's, a settlement's) and not yet confirmed by the provider: the ledger's owed rows */
  readonly refundOwed: Cents;
  /** when the provider confirmed the last refund */
  readonly refundSentAt: Date | null;
  readonly flag: PaymentFlag | null;
  readonly stripePaymentIntentId: string;
  readonly shareToken: string | null;
  /** set when the payment succeeds: gapless per year, e.g. 2026-000042 */
  readonly invoiceNumber: string | null;
  readonly createdAt: Date;
  readonly paidAt: Date | null;
  readonly venueName: string;
  readonly courtName: string;
  readonly courtNumber: number;
  readonly bookingDate: LocalDate;
  readonly timeSlot: TimeSlot;
  readonly gameType: GameType;
}

/** What differs between new payments; everything a provider or refund settles later starts empty. */
export type PaymentDraft = Omit<Payment, "status" | "refundedAmount" | "refundOwed" | "refundSentAt" | "flag" | "invoiceNumber" | "paidAt">;

/** A payment as first written, card or cash alike: pending until its money is confirmed. */
export const pendingPayment = (draft: PaymentDraft): Payment => ({
  ...draft,
  status: "pending",
  refundedAmount: 0,
  refundOwed: 0,
  refundSentAt: null,
  flag: null,
  invoiceNumber: null,
  paidAt: null,
});

/** The names a payment keeps of what it paid for, taken from the booking as it reads now. */
export const paidFor = (booking: {
  readonly date: LocalDate;
  readonly timeSlot: TimeSlot;
  readonly gameType: GameType;
  readonly court: { readonly venueName: string; readonly name: string; readonly courtNumber: number };
}): Pick<Payment, "venueName" | "courtName" | "courtNumber" | "bookingDate" | "timeSlot" | "gameType"> => ({
  venueName: booking.court.venueName,
  courtName: booking.court.name,
  courtNumber: booking.court.courtNumber,
  bookingDate: booking.date,
  timeSlot: booking.timeSlot,
  gameType: booking.gameType,
});

/** Charged to the card: amount - discount. */
export const chargedOf = (p: Pick<Payment, "amount" | "discount">): Cents => p.amount - p.discount;

export interface StoredImage {
  readonly id: string;
  readonly contentType: ImageType;
  readonly bytes: Uint8Array;
  readonly createdAt: Date;
}

export type ImageType = "image/jpeg" | "image/png" | "image/webp";
