import * as Schema from "effect/Schema";
import { formatMoney } from "../domain/money.js";
import type { OpenMatchShown } from "../use-cases/open-matches.js";
import { GameType, Instant, LocalDate, Money, Slot } from "./common.js";

/** Open matches (DESIGN.md section 17): first names and levels only, never more of a player. */

export const MatchPlayerAnswer = Schema.Struct({ firstName: Schema.String, level: Schema.NullOr(Schema.Number) }).annotations({ identifier: "MatchPlayer" });

export const OpenMatchAnswer = Schema.Struct({
  id: Schema.String,
  bookingId: Schema.String,
  venue: Schema.Struct({ id: Schema.String, name: Schema.String }),
  court: Schema.Struct({ name: Schema.String, courtNumber: Schema.Int }),
  date: LocalDate,
  timeSlot: Slot,
  gameType: GameType,
  levelMin: Schema.Number,
  levelMax: Schema.Number,
  note: Schema.NullOr(Schema.String),
  /** "open"; "closed" once the organiser closed it to new players */
  status: Schema.Literal("open", "closed"),
  pricePerPlayer: Money,
  spotsLeft: Schema.Int,
  totalPlayers: Schema.Int,
  players: Schema.Array(MatchPlayerAnswer),
  /** the split deadline: joining and leaving end then */
  deadline: Instant,
  /** GET /api/open-matches/{id} for a signed-in player: whether they have a paid place in it */
  youPlay: Schema.optional(Schema.Boolean),
}).annotations({ identifier: "OpenMatch" });
export type OpenMatchAnswer = typeof OpenMatchAnswer.Encoded;

export const OpenMatchListAnswer = Schema.Struct({ items: Schema.Array(OpenMatchAnswer) }).annotations({ identifier: "OpenMatchList" });
export type OpenMatchListAnswer = typeof OpenMatchListAnswer.Encoded;

/** POST /api/open-matches/{id}/join: a card intent for one share, recorded by POST /api/payments { bookingId, stripePaymentIntentId }. */
export const MatchJoinAnswer = Schema.Struct({
  clientSecret: Schema.String,
  paymentIntentId: Schema.String,
  bookingId: Schema.String,
  amount: Money,
  totalPaid: Money,
  stripeFee: Money,
}).annotations({ identifier: "MatchJoin" });
export type MatchJoinAnswer = typeof MatchJoinAnswer.Encoded;

export const MatchLeaveAnswer = Schema.Struct({
  message: Schema.String,
  refundAmount: Money,
  /** what the provider has not confirmed yet (the sweep sends it) */
  refundPending: Money,
}).annotations({ identifier: "MatchLeave" });
export type MatchLeaveAnswer = typeof MatchLeaveAnswer.Encoded;

export const presentOpenMatch = ({ match: m, players, pricePerPlayer, spotsLeft, youPlay }: OpenMatchShown & { readonly youPlay?: boolean }): OpenMatchAnswer => ({
  id: m.id,
  bookingId: m.bookingId,
  venue: { id: m.venueId, name: m.venueName },
  court: { name: m.courtName, courtNumber: m.courtNumber },
  date: m.date,
  timeSlot: m.timeSlot,
  gameType: m.gameType,
  levelMin: m.levelMin,
  levelMax: m.levelMax,
  note: m.note,
  status: m.status,
  pricePerPlayer: formatMoney(pricePerPlayer),
  spotsLeft,
  totalPlayers: m.maxParticipants,
  players: players.map((p) => ({ firstName: p.firstName, level: p.level })),
  deadline: m.deadline.toISOString(),
  ...(youPlay === undefined ? {} : { youPlay }),
});
