import * as Schema from "effect/Schema";
import type { Membership, MembershipPlan } from "../domain/memberships.js";
import { formatMoney } from "../domain/money.js";
import type { CourtPrices } from "../domain/pricing.js";
import { Instant, Money } from "./common.js";

/** The answers of memberships ('Socios', DESIGN.md section 16). */

export const MembershipPlanAnswer = Schema.Struct({
  id: Schema.String,
  venueId: Schema.String,
  name: Schema.String,
  price: Money,
  months: Schema.Number,
  discountPercent: Schema.Number,
  windowDays: Schema.NullOr(Schema.Number),
  active: Schema.Boolean,
  createdAt: Instant,
});
export type MembershipPlanAnswer = typeof MembershipPlanAnswer.Type;

export const presentMembershipPlan = (p: MembershipPlan): MembershipPlanAnswer => ({
  id: p.id,
  venueId: p.venueId,
  name: p.name,
  price: formatMoney(p.price),
  months: p.months,
  discountPercent: p.discountPercent,
  windowDays: p.windowDays,
  active: p.active,
  createdAt: p.createdAt.toISOString(),
});

export const MembershipAnswer = Schema.Struct({
  id: Schema.String,
  planId: Schema.String,
  venueId: Schema.String,
  name: Schema.String,
  discountPercent: Schema.Number,
  windowDays: Schema.NullOr(Schema.Number),
  startsAt: Instant,
  endsAt: Instant,
  paidBy: Schema.Literal("card", "cash"),
  /** its receipt: GET /api/user/purchases/{purchaseId}/invoice */
  purchaseId: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
});
export type MembershipAnswer = typeof MembershipAnswer.Type;

export const presentMembership = (m: Membership, now: Date): MembershipAnswer => ({
  id: m.id,
  planId: m.planId,
  venueId: m.venueId,
  name: m.name,
  discountPercent: m.discountPercent,
  windowDays: m.windowDays,
  startsAt: m.startsAt.toISOString(),
  endsAt: m.endsAt.toISOString(),
  paidBy: m.paidBy,
  purchaseId: m.purchaseId,
  active: m.startsAt.getTime() <= now.getTime() && now.getTime() < m.endsAt.getTime(),
});

export const MemberPricesAnswer = Schema.Struct({
  member: Schema.Boolean,
  discountPercent: Schema.NullOr(Schema.Number),
  endsAt: Schema.NullOr(Instant),
  windowDays: Schema.NullOr(Schema.Number),
  /** each court's 'Precio socio', as a booking is charged */
  courts: Schema.Array(
    Schema.Struct({ courtId: Schema.String, daySinglesPrice: Money, dayDoublesPrice: Money, nightSinglesPrice: Money, nightDoublesPrice: Money }),
  ),
});
export type MemberPricesAnswer = typeof MemberPricesAnswer.Type;

export const presentMemberPrices = (found: {
  readonly membership: Membership | undefined;
  readonly courts: readonly { readonly courtId: string; readonly prices: CourtPrices }[];
}): MemberPricesAnswer => ({
  member: found.membership !== undefined,
  discountPercent: found.membership?.discountPercent ?? null,
  endsAt: found.membership?.endsAt.toISOString() ?? null,
  windowDays: found.membership?.windowDays ?? null,
  courts: found.courts.map((c) => ({
    courtId: c.courtId,
    daySinglesPrice: formatMoney(c.prices.daySingles),
    dayDoublesPrice: formatMoney(c.prices.dayDoubles),
    nightSinglesPrice: formatMoney(c.prices.nightSingles),
    nightDoublesPrice: formatMoney(c.prices.nightDoubles),
  })),
});
