import * as Schema from "effect/Schema";
import { formatMoney } from "../domain/money.js";
import type { PunchCard, PunchCardProduct } from "../domain/punch-cards.js";
import { Instant, Money } from "./common.js";

/** The answers of punch cards ('Bonos', DESIGN.md section 16). */

const Band = Schema.NullOr(Schema.Literal("day", "night"));

export const PunchCardProductAnswer = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  hours: Schema.Number,
  price: Money,
  validDays: Schema.Number,
  venueId: Schema.NullOr(Schema.String),
  band: Band,
  active: Schema.Boolean,
  createdAt: Instant,
});
export type PunchCardProductAnswer = typeof PunchCardProductAnswer.Type;

export const presentPunchCardProduct = (p: PunchCardProduct): PunchCardProductAnswer => ({
  id: p.id,
  name: p.name,
  hours: p.hours,
  price: formatMoney(p.price),
  validDays: p.validDays,
  venueId: p.venueId,
  band: p.band,
  active: p.active,
  createdAt: p.createdAt.toISOString(),
});

export const PunchCardAnswer = Schema.Struct({
  id: Schema.String,
  productId: Schema.String,
  name: Schema.String,
  hours: Schema.Number,
  hoursLeft: Schema.Number,
  venueId: Schema.NullOr(Schema.String),
  band: Band,
  expiresAt: Instant,
  /** false once past expiresAt: it no longer pays */
  usable: Schema.Boolean,
  createdAt: Instant,
});
export type PunchCardAnswer = typeof PunchCardAnswer.Type;

export const presentPunchCard = (c: PunchCard, now: Date): PunchCardAnswer => ({
  id: c.id,
  productId: c.productId,
  name: c.name,
  hours: c.hours,
  hoursLeft: c.hoursLeft,
  venueId: c.venueId,
  band: c.band,
  expiresAt: c.expiresAt.toISOString(),
  usable: c.hoursLeft > 0 && c.expiresAt.getTime() > now.getTime(),
  createdAt: c.createdAt.toISOString(),
});
