import { Schema } from "effect";
import type { Court, User } from "../domain/entities.js";
import { formatMoney } from "../domain/money.js";
import type { VenueWithCount } from "../use-cases/venues.js";

/**
 * The answers of the public catalogue as the API sends them (docs/API.md): one definition that
 * the HTTP routes, the CLI's `--json`, the read models (SQL and in memory) and the tests share.
 * Money leaves as a decimal string, a booking's day as the local date (and `bookingDate` as that
 * date at local midnight).
 */

const Money = Schema.String.pipe(Schema.pattern(/^\d+\.\d{2}$/));
const LocalDate = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/));
const Slot = Schema.String.pipe(Schema.pattern(/^\d{2}:00$/));

export const UserAnswer = Schema.Struct({ id: Schema.String, username: Schema.String, email: Schema.String });
export type UserAnswer = typeof UserAnswer.Type;

export const VenueAnswer = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  location: Schema.String,
  description: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  imageData: Schema.NullOr(Schema.String),
  courtCount: Schema.Int,
});
export type VenueAnswer = typeof VenueAnswer.Type;

export const CourtAnswer = Schema.Struct({
  id: Schema.String,
  venueId: Schema.String,
  name: Schema.String,
  courtNumber: Schema.Int,
  status: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  imageData: Schema.NullOr(Schema.String),
  daySinglesPrice: Money,
  dayDoublesPrice: Money,
  nightSinglesPrice: Money,
  nightDoublesPrice: Money,
});
export type CourtAnswer = typeof CourtAnswer.Type;

/** GET /api/courts/{id}/bookings?date=: what the slot picker disables. */
export const CourtDayAnswer = Schema.Struct({ date: LocalDate, bookedSlots: Schema.Array(Slot) });
export type CourtDayAnswer = typeof CourtDayAnswer.Type;

/** One entry of the public month calendar: never who booked (DESIGN.md section 4). */
export const CalendarEntryAnswer = Schema.Struct({
  id: Schema.String,
  bookingDate: Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T00:00:00$/)),
  date: LocalDate,
  timeSlot: Slot,
  gameType: Schema.Literal("singles", "doubles"),
  court: Schema.Struct({ id: Schema.String, courtNumber: Schema.Int, name: Schema.String }),
});
export type CalendarEntryAnswer = typeof CalendarEntryAnswer.Type;

export const presentUser = (user: User): UserAnswer => ({ id: user.id, username: user.username, email: user.email });

export const presentVenue = (venue: VenueWithCount): VenueAnswer => ({
  id: venue.id,
  name: venue.name,
  location: venue.location,
  description: venue.description,
  imageUrl: venue.imageUrl,
  imageData: venue.imageData,
  courtCount: venue.courtCount,
});

export const presentCourt = (court: Court): CourtAnswer => ({
  id: court.id,
  venueId: court.venueId,
  name: court.name,
  courtNumber: court.courtNumber,
  status: court.status,
  imageUrl: court.imageUrl,
  imageData: court.imageData,
  daySinglesPrice: formatMoney(court.prices.daySingles),
  dayDoublesPrice: formatMoney(court.prices.dayDoubles),
  nightSinglesPrice: formatMoney(court.prices.nightSingles),
  nightDoublesPrice: formatMoney(court.prices.nightDoubles),
});
