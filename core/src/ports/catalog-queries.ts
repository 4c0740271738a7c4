import type { CalendarEntryAnswer, CourtAnswer, CourtDayAnswer } from "../contract/catalog.js";
import type { Block } from "../domain/blocks.js";
import type { VenueDay } from "../domain/day-grid.js";
import type { LocalDate } from "../domain/time.js";

declare const encodes: unique symbol;

/**
 * The JSON text of an answer of type `T`, built by the read model (in SQL, by the database in
 * one statement) and sent as is: the public catalogue's busiest reads skip building objects and
 * serializing them again (`npm run bench`). The contract suite checks every such text against
 * the contract's Schema of `T`.
 */
export type JsonText<T> = string & { readonly [encodes]: T };
/** JSON text of a `T` as UTF-8 bytes: a large answer kept ready to send (the month calendar). */
export type JsonBytes<T> = Uint8Array & { readonly [encodes]: T };

/** What a court's availability screen needs: its day at an instant, and what may close its slots. */
export interface CourtAvailability extends CourtDayAnswer {
  readonly venueId: string;
  /** the blocks of the court and of its venue that span the date (weekdays and slots not yet applied), oldest first */
  readonly blocks: readonly Block[];
}

/**
 * The named reads of the public catalogue: one method per question a screen asks, each answered
 * in one round trip by the SQL read model, which owns its statements and the calendar cache.
 * `undefined` means that the court or venue does not exist (the use case's 404).
 */
export interface CatalogQueries {
  /** the slots of a court's active bookings on a date, in order; with `now`, overdue unpaid holds no longer hold theirs */
  courtDay(courtId: string, date: LocalDate, now?: Date): Promise<CourtDayAnswer | undefined>;
  /**
   * courtDay at `now` (overdue unpaid holds free their slots) and the court's venue and blocks on
   * the date, in one round trip: GET /api/courts/{id}/bookings. The SQL read model may answer
   * from memory only while nothing was committed to the database since, by any process, and no
   * hold in the answer has run out.
   */
  courtAvailability(courtId: string, date: LocalDate, now: Date): Promise<CourtAvailability | undefined>;
  /**
   * courtAvailability's answer when the read model already holds it and may give it at once, by
   * the same rule (nothing committed since, no hold in it run out), with no promise and no
   * statement: the busiest read of the app. `undefined`: not held now, ask courtAvailability.
   */
  keptCourtAvailability?(courtId: string, date: LocalDate, now: Date): CourtAvailability | undefined;
  /**
   * A venue's courts on a date with their booked slots at `now` (overdue unpaid holds free theirs)
   * and the venue's blocks spanning the date, in one round trip: GET /api/venues/{id}/availability.
   * Kept by the same rule as courtAvailability (and while no court changed).
   */
  venueDay(venueId: string, date: LocalDate, now: Date): Promise<VenueDay | undefined>;
  /** venueDay's answer when the read model holds it now, with no promise and no statement; `undefined`: ask venueDay. */
  keptVenueDay?(venueId: string, date: LocalDate, now: Date): VenueDay | undefined;
  /** a venue's courts, by court number */
  venueCourts(venueId: string): Promise<JsonText<readonly CourtAnswer[]> | undefined>;
  /**
   * a venue's active bookings between two local dates (both included), by date, slot and court
   * number; no user data (DESIGN.md section 4)
   */
  venueMonth(venueId: string, from: LocalDate, to: LocalDate): Promise<JsonBytes<readonly CalendarEntryAnswer[]> | undefined>;
}
