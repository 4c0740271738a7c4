import type { Cents } from "./money.js";
import { mulDivHalfUp } from "./money.js";
import type { CourtPrices } from "./pricing.js";

/**
 * Memberships ('Socios', DESIGN.md section 16): a venue's plans, bought by card or recorded at the
 * desk (cash), for a number of months, never renewed by themselves. A member books that venue's
 * courts at the court's price less the plan's discount ('Precio socio') and, when the plan says
 * so, with a booking window of its own.
 */
export interface MembershipPlan {
  readonly id: string;
  readonly venueId: string;
  readonly name: string;
  readonly price: Cents;
  readonly months: number;
  /** 0..100 */
  readonly discountPercent: number;
  /** replaces the venue's windowDays for members; null: the venue's */
  readonly windowDays: number | null;
  readonly active: boolean;
  readonly createdAt: Date;
}

export interface Membership {
  readonly id: string;
  readonly userId: string;
  readonly planId: string;
  readonly venueId: string;
  readonly name: string;
  readonly discountPercent: number;
  readonly windowDays: number | null;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly paidBy: "card" | "cash";
  /** the purchase that paid it, whose receipt it has */
  readonly purchaseId: string | null;
  readonly createdAt: Date;
}

export const MAX_MEMBERSHIP_MONTHS = 36;

/** A member's price: the court's less the discount, rounded half-up to the cent. */
export const memberPrice = (price: Cents, discountPercent: number): Cents => price - mulDivHalfUp(price, discountPercent, 100);

/** A court's four prices as a member pays them. */
export const memberPrices = (prices: CourtPrices, discountPercent: number): CourtPrices => ({
  ...prices,
  daySingles: memberPrice(prices.daySingles, discountPercent),
  dayDoubles: memberPrice(prices.dayDoubles, discountPercent),
  nightSingles: memberPrice(prices.nightSingles, discountPercent),
  nightDoubles: memberPrice(prices.nightDoubles, discountPercent),
});

/** The end of a membership that starts at `at`: the same day of the month `months` later (the month's last day when it has fewer). */
export const membershipEnd = (at: Date, months: number): Date => {
  const end = new Date(at.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
};

/** How long before its end a member is reminded that the membership is not renewed by itself. */
export const MEMBERSHIP_REMINDER_DAYS = 7;
