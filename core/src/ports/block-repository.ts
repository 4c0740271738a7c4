import type { Block } from "../domain/blocks.js";
import type { Cents } from "../domain/money.js";
import type { PaymentKind } from "../domain/entities.js";
import type { GameType } from "../domain/pricing.js";
import type { TimeSlot } from "../domain/slots.js";
import type { LocalDate } from "../domain/time.js";
import type { BookingWithCourt } from "./booking-repository.js";

/** What a closure owes one payer: 100% of what they paid and was not refunded yet. */
export interface OwedRefund {
  readonly paymentId: string;
  readonly bookingId: string;
  readonly blockId: string | null;
  readonly intentId: string;
  /** the payment's kind: a cash payment is handed back at the club, never through the card provider */
  readonly kind: PaymentKind;
  /** a user id, or the placeholder of a shared-link payer */
  readonly payerId: string;
  readonly amount: Cents;
  readonly status: "owed" | "sent";
}

/** A booking a closure cancelled, with the refunds it owes its payers. */
export interface ClosedBooking {
  readonly booking: BookingWithCourt;
  readonly refunds: readonly OwedRefund[];
}

export type CreateBlockOutcome =
  | { readonly kind: "created"; readonly block: Block; readonly closed: readonly ClosedBooking[] }
  /** the same block exists already (a repeated request): nothing written, nothing cancelled */
  | { readonly kind: "existing"; readonly block: Block }
  /** active bookings inside the block, and the caller did not ask to cancel them: nothing written */
  | { readonly kind: "conflicts"; readonly bookings: readonly BookingWithCourt[] };

export interface ScheduledBooking extends BookingWithCourt {
  readonly userName: string | null;
  readonly seriesId: string | null;
}

export interface BookingSeries {
  readonly id: string;
  readonly userId: string;
  readonly courtId: string;
  readonly timeSlot: TimeSlot;
  readonly gameType: GameType;
  readonly startDate: LocalDate;
  readonly weeks: number;
  readonly createdAt: Date;
}

/**
 * Blocks, closures and fixed weekly series (DESIGN.md section 10). The database refuses every
 * booking insert inside a block (BookingRepository.insert answers "slot-blocked"), and `create`
 * runs serialised with those inserts, so no active booking ever overlaps a block.
 */
export interface BlockRepository {
  /**
   * In one transaction serialised with booking inserts: an identical block -> "existing"; active
   * bookings inside it -> "conflicts" unless `cancelConflicts`, in which case each is cancelled
   * (refund 100%) and what each succeeded payment still holds is recorded as owed.
   */
  create(block: Block, options: { readonly cancelConflicts: boolean; readonly at: Date; readonly cancellationReason: string }): Promise<CreateBlockOutcome>;
  findById(id: string): Promise<Block | undefined>;
  /** the venue's blocks (whole venue and its courts) that end on or after `from`, by start date */
  listByVenue(venueId: string, from?: LocalDate): Promise<Block[]>;
  /** blocks that may close some court of the venue between two dates (both included) */
  listForVenueBetween(venueId: string, from: LocalDate, to: LocalDate): Promise<Block[]>;
  /** blocks that may close the court on the date (its own and its venue's) */
  listForCourtOn(courtId: string, date: LocalDate): Promise<Block[]>;
  delete(id: string): Promise<boolean>;

  /** refunds still owed, oldest first, that nobody holds a claim on at `now` */
  listOwedRefunds(now: Date, limit: number): Promise<OwedRefund[]>;
  /** takes an owed refund for `until` (conditional UPDATE); false when another process holds it or it was sent */
  claimOwedRefund(paymentId: string, now: Date, until: Date): Promise<boolean>;
  /** the provider failed: the claim is dropped, the refund stays owed for the next sweep */
  releaseOwedRefund(paymentId: string, error: string): Promise<void>;
  /** owed -> sent and the payment refunded by the amount, in one transaction; false when already sent */
  markRefundSent(paymentId: string, at: Date): Promise<boolean>;
  refundsOfBooking(bookingId: string): Promise<OwedRefund[]>;

  /** the day's slot-holding bookings (of one venue or all) with their player and series, for the admin's schedule */
  dayBookings(date: LocalDate, venueId?: string): Promise<ScheduledBooking[]>;

  insertSeries(series: BookingSeries): Promise<void>;
  addToSeries(seriesId: string, bookingId: string): Promise<void>;
  findSeries(id: string): Promise<BookingSeries | undefined>;
  /** the series' bookings by date */
  seriesBookings(id: string): Promise<BookingWithCourt[]>;
}
