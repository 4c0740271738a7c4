import type { Court } from "./entities.js";
import type { Cents } from "./money.js";
import type { GameType } from "./pricing.js";
import { priceForSlot } from "./pricing.js";
import type { TariffBand, TimeSlot } from "./slots.js";
import { bandOf } from "./slots.js";
import type { LocalDate } from "./time.js";

export type BookingStatus = "active" | "confirmed" | "cancelled" | "expired";
/** The remainder charged to the organiser's saved card at the split deadline (hold.ts). */
export type RemainderStatus = "charging" | "charged" | "failed";
export type BookingPaymentStatus = "pending" | "partial" | "completed";

export interface Booking {
  readonly id: string;
  readonly userId: string;
  readonly courtId: string;
  readonly date: LocalDate;
  readonly timeSlot: TimeSlot;
  readonly gameType: GameType;
  readonly tariffType: TariffBand;
  readonly totalAmount: Cents;
  readonly paidAmount: Cents;
  readonly status: BookingStatus;
  readonly cancellationReason: string | null;
  readonly refundPercentage: number | null;
  readonly createdAt: Date;
  readonly cancelledAt: Date | null;
  /** until when an unpaid booking holds its slot; null once nothing is owed for it to hold (hold.ts) */
  readonly holdExpiresAt: Date | null;
  /** the others pay their shares until then; the organiser's card pays what is left (hold.ts) */
  readonly shareDeadlineAt: Date | null;
  readonly remainderStatus: RemainderStatus | null;
}

export interface BookingDraft {
  readonly id: string;
  readonly userId: string;
  readonly court: Pick<Court, "id" | "prices">;
  readonly date: LocalDate;
  readonly timeSlot: TimeSlot;
  readonly gameType: GameType;
  readonly createdAt: Date;
  readonly holdExpiresAt: Date | null;
  readonly shareDeadlineAt: Date | null;
}

/** A booking as first written: active, unpaid, priced at the court's tariff for its slot and game. */
export const newBooking = ({ id, userId, court, date, timeSlot, gameType, createdAt, holdExpiresAt, shareDeadlineAt }: BookingDraft): Booking => ({
  id,
  userId,
  courtId: court.id,
  date,
  timeSlot,
  gameType,
  tariffType: bandOf(timeSlot),
  totalAmount: priceForSlot(court.prices, timeSlot, gameType),
  paidAmount: 0,
  status: "active",
  cancellationReason: null,
  refundPercentage: null,
  createdAt,
  cancelledAt: null,
  holdExpiresAt,
  shareDeadlineAt,
  remainderStatus: null,
});

/** completed when paid >= total, partial when 0 < paid < total, pending otherwise. */
export const paymentStatusOf = (paid: Cents, total: Cents): BookingPaymentStatus => {
  if (paid >= total && total > 0) return "completed";
  if (paid > 0) return "partial";
  return total === 0 ? "completed" : "pending";
};

export const BOOKING_STATUS_TEXT: Readonly<Record<string, string>> = {
  active: "Activa",
  confirmed: "Confirmada",
  cancelled: "Cancelada",
  expired: "Expirada",
};

export const bookingStatusText = (status: string): string => BOOKING_STATUS_TEXT[status] ?? "Pendiente";

export const paymentStatusText = (status: string, paid: Cents, format: (c: Cents) => string): string => {
  if (status === "completed") return "Pagado";
  if (status === "partial") return `Parcial (${format(paid)})`;
  return "Pendiente";
};

export const isCancellable = (booking: Pick<Booking, "status">): boolean => booking.status === "active";

export const remainingOf = (booking: Pick<Booking, "totalAmount" | "paidAmount">): Cents =>
  Math.max(booking.totalAmount - booking.paidAmount, 0);
