import type { Block } from "../domain/blocks.js";
import type { DomainEvent } from "../domain/events.js";
import type { GameType } from "../domain/pricing.js";
import type { TimeSlot } from "../domain/slots.js";
import type { LocalDate } from "../domain/time.js";
import type { BookingWithCourt } from "./booking-repository.js";
import type { Refund } from "./refund-ledger.js";

/** A booking a closure cancelled, with the refunds it owes its payers. */
export interface ClosedBooking {
  readonly booking: BookingWithCourt;
  /** what each payer is owed back, in the ledger (100% of what they paid and did not get back yet) */
  readonly refunds: readonly Refund[];
}

export type CreateBlockOutcome =
  | { readonly kind: "created"; readonly block: Block; readonly closed: readonly ClosedBooking[] }
  /** the same block exists already (a repeated request): nothing written, nothing cancelled */
  | { readonly kind: "existing"; readonly block: Block }
  /** active bookings inside the block, and the caller did not ask to cancel them: nothing written */
  | { readonly kind: "conflicts"; readonly bookings: readonly BookingWithCourt[] };

export interface ScheduledBooking extends BookingWithCourt {
  /** the player's username; null when the account is gone */
  readonly userName: string | null;
  /** how the desk names the player: their full name when they gave one, else their username (displayName) */
  readonly playerName: string | null;
  /** E.164, when the player gave one */
  readonly playerPhone: string | null;
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
   * and every payer is owed in the ledger what core's rule gives at 100% (`decideRefunds`).
   */
  create(
    block: Block,
    options: {
      readonly cancelConflicts: boolean;
      readonly at: Date;
      readonly cancellationReason: string;
      /** what each booking the closure cancels records, in the same transaction */
      readonly eventsOf?: (booking: BookingWithCourt) => readonly DomainEvent[];
      /** what the closure as a whole records, in the same transaction, once it cancelled `closed` (some) */
      readonly closedEvents?: (closed: readonly BookingWithCourt[]) => readonly DomainEvent[];
    },
  ): Promise<CreateBlockOutcome>;
  findById(id: string): Promise<Block | undefined>;
  /** the venue's blocks (whole venue and its courts) that end on or after `from`, by start date */
  listByVenue(venueId: string, from?: LocalDate): Promise<Block[]>;
  /** blocks that may close some court of the venue between two dates (both included) */
  listForVenueBetween(venueId: string, from: LocalDate, to: LocalDate): Promise<Block[]>;
  /** blocks that may close the court on the date (its own and its venue's) */
  listForCourtOn(courtId: string, date: LocalDate): Promise<Block[]>;
  delete(id: string): Promise<boolean>;

  /** the day's slot-holding bookings (of one venue or all) with their player and series, for the admin's schedule */
  dayBookings(date: LocalDate, venueId?: string): Promise<ScheduledBooking[]>;

  insertSeries(series: BookingSeries): Promise<void>;
  addToSeries(seriesId: string, bookingId: string): Promise<void>;
  findSeries(id: string): Promise<BookingSeries | undefined>;
  /** the series' bookings by date */
  seriesBookings(id: string): Promise<BookingWithCourt[]>;
}
