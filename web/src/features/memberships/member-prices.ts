import { parseMoney, type Cents, type CourtPrices } from "@courts/core";
import type { MemberPrices } from "./api/get-member-prices";
import type { MembershipPlan } from "./api/get-membership-plans";

/**
 * 'Precio socio' (DESIGN.md section 16) as the screens read it: the server's own member prices of
 * each court (what a booking is charged), or for a player who is not a member yet, what the
 * venue's plans would take off.
 */

const cents = (text: string): Cents => parseMoney(text) ?? 0;

/** Each court's four prices as this member pays them; null when the player is not a member of the venue. */
export const memberPricesByCourt = (answer: MemberPrices | undefined): ReadonlyMap<string, CourtPrices> | null => {
  if (!answer?.member) return null;
  return new Map(
    answer.courts.map((c) => [
      c.courtId,
      { daySingles: cents(c.daySinglesPrice), dayDoubles: cents(c.dayDoublesPrice), nightSingles: cents(c.nightSinglesPrice), nightDoubles: cents(c.nightDoublesPrice) },
    ]),
  );
};

/** The largest discount among the venue's plans on sale (what 'Precio socio desde' reads), or null without one. */
export const bestDiscount = (plans: readonly MembershipPlan[] | undefined): number | null => {
  const discounts = (plans ?? []).filter((p) => p.active && p.discountPercent > 0).map((p) => p.discountPercent);
  return discounts.length > 0 ? Math.max(...discounts) : null;
};

/** '1 mes', '12 meses'. */
export const monthsWords = (months: number): string => (months === 1 ? "1 mes" : `${months} meses`);

/** '20 %' as Spanish writes a percentage. */
export const percentWords = (percent: number): string => `${percent} %`;
