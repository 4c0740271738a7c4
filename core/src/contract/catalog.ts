import * as Schema from "effect/Schema";
import type { Court, User } from "../domain/entities.js";
import { formatMoney } from "../domain/money.js";
import type { VenueWithCount } from "../use-cases/venues.js";
import { BlockReason, GameType, LocalDate, LocalMidnight, Price, Slot } from "./common.js";

/**
 * The answers of the public catalogue as the API sends them (docs/API.md): one definition that
 * the HTTP routes, the CLI's `--json`, the read models (SQL and in memory) and the tests share.
 */

export const UserAnswer = Schema.Struct({
  id: Schema.String,
  username: Schema.String,
  /** "" for a walk-in the desk created without one */
  email: Schema.String,
  fullName: Schema.NullOr(Schema.String),
  /** E.164 */
  phone: Schema.NullOr(Schema.String),
  emailVerified: Schema.Boolean,
  /** self-rated level for open matches (1.0-7.0, steps of 0.5); null until set */
  level: Schema.optional(Schema.NullOr(Schema.Number)),
  /** opted in to the daily mail of new open matches at their level */
  matchDigest: Schema.optional(Schema.Boolean),
}).annotations({ identifier: "User" });
export type UserAnswer = typeof UserAnswer.Type;

export const VenueRulesAnswer = Schema.Struct({
  windowDays: Schema.Int,
  /** "HH:MM" on the club's clock; null: midnight */
  releaseTime: Schema.NullOr(Schema.String),
  maxUpcomingPerPlayer: Schema.NullOr(Schema.Int),
  maxPerPlayerPerDay: Schema.NullOr(Schema.Int),
  /** seconds after a date opens during which requests enter a ballot (DESIGN.md section 15); 0: first-come */
  ballotSeconds: Schema.Int,
}).annotations({ identifier: "VenueRules" });
export type VenueRulesAnswer = typeof VenueRulesAnswer.Type;

export const VenueAnswer = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  location: Schema.String,
  description: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  imageData: Schema.NullOr(Schema.String),
  courtCount: Schema.Int,
  /** in the answer for one venue (GET /api/venues/{id}) */
  rules: Schema.optional(VenueRulesAnswer),
}).annotations({ identifier: "Venue" });
export type VenueAnswer = typeof VenueAnswer.Type;

const courtFields = {
  id: Schema.String,
  venueId: Schema.String,
  name: Schema.String,
  courtNumber: Schema.Int,
  /** "available", "maintenance", ... */
  status: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  imageData: Schema.NullOr(Schema.String),
  daySinglesPrice: Price,
  dayDoublesPrice: Price,
  nightSinglesPrice: Price,
  nightDoublesPrice: Price,
};

export const CourtAnswer = Schema.Struct(courtFields).annotations({ identifier: "Court" });
export type CourtAnswer = typeof CourtAnswer.Type;

/** A court with its venue's name (what a share-link holder sees). */
export const CourtWithVenueAnswer = Schema.Struct({ ...courtFields, venueName: Schema.String }).annotations({ identifier: "CourtWithVenue" });
export type CourtWithVenueAnswer = typeof CourtWithVenueAnswer.Type;

/** A court's day as the read model answers it: the booked slots. */
export const CourtDayAnswer = Schema.Struct({ date: LocalDate, bookedSlots: Schema.Array(Slot) });
export type CourtDayAnswer = typeof CourtDayAnswer.Type;

/** GET /api/courts/{id}/bookings?date=: what the slot picker disables (booked or closed) and why a slot is closed. */
export const CourtAvailabilityAnswer = Schema.Struct({
  date: LocalDate,
  bookedSlots: Schema.Array(Slot),
  blockedSlots: Schema.Array(Schema.Struct({ timeSlot: Slot, reason: BlockReason })),
}).annotations({ identifier: "CourtAvailability" });
export type CourtAvailabilityAnswer = typeof CourtAvailabilityAnswer.Encoded;

/**
 * GET /api/venues/{id}/availability?date=: a venue's day for everyone (DESIGN.md section 14), each
 * court's 16 hours free with the singles price of their band, taken, closed with the reason shown
 * to players, or past. Never who booked.
 */
export const VenueAvailabilityAnswer = Schema.Struct({
  date: LocalDate,
  /** while the venue has not opened the date to its players: when it does (its free hours read closed until then) */
  opensAt: Schema.optional(Schema.String),
  courts: Schema.Array(
    Schema.Struct({
      courtId: Schema.String,
      name: Schema.String,
      courtNumber: Schema.Int,
      slots: Schema.Array(
        Schema.Struct({
          timeSlot: Slot,
          state: Schema.Literal("free", "taken", "closed", "past"),
          price: Price,
          reason: Schema.optional(Schema.String),
        }),
      ),
    }),
  ),
}).annotations({ identifier: "VenueAvailability" });
export type VenueAvailabilityAnswer = typeof VenueAvailabilityAnswer.Encoded;

/** One entry of the public month calendar: never who booked (DESIGN.md section 4). */
export const CalendarEntryAnswer = Schema.Struct({
  id: Schema.String,
  bookingDate: LocalMidnight,
  date: LocalDate,
  timeSlot: Slot,
  gameType: GameType,
  court: Schema.Struct({ id: Schema.String, courtNumber: Schema.Int, name: Schema.String }),
}).annotations({ identifier: "CalendarEntry" });
export type CalendarEntryAnswer = typeof CalendarEntryAnswer.Type;

/** The club's brand when CLUB_NAME is not set: title bar, mails, invoices. */
export const DEFAULT_CLUB_NAME = "Reserva Tenis";

/** GET /api/config: what the web needs before anything else. */
export const ConfigAnswer = Schema.Struct({
  /** CLUB_NAME: the one brand of the title bar, the page titles, the mails and the invoices */
  clubName: Schema.String,
  timeZone: Schema.String,
  currency: Schema.String,
  today: LocalDate,
  payments: Schema.Struct({ provider: Schema.Literal("stripe", "simulated"), publishableKey: Schema.NullOr(Schema.String) }),
  holds: Schema.Struct({ holdMinutes: Schema.Number, shareDeadlineHours: Schema.Number }),
  /** the zone's UTC offsets from about 400 days back to beyond the booking horizon (offsetSpans) */
  offsets: Schema.Array(Schema.Struct({ from: Schema.String, offsetMinutes: Schema.Number })),
  offsetsUntil: Schema.String,
}).annotations({ identifier: "Config" });
export type ConfigAnswer = typeof ConfigAnswer.Encoded;

export const presentUser = (user: User): UserAnswer => ({
  id: user.id,
  username: user.username,
  email: user.email,
  fullName: user.fullName,
  phone: user.phone,
  emailVerified: user.emailVerified,
  level: user.level ?? null,
  matchDigest: user.matchDigest ?? false,
});

export const presentVenue = (venue: VenueWithCount): VenueAnswer => ({
  id: venue.id,
  name: venue.name,
  location: venue.location,
  description: venue.description,
  imageUrl: venue.imageUrl,
  imageData: venue.imageData,
  courtCount: venue.courtCount,
  ...(venue.rules === undefined ? {} : { rules: venue.rules }),
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

export const presentCourtWithVenue = (court: Court, venueName: string): CourtWithVenueAnswer => ({ ...presentCourt(court), venueName });
