import type { Membership, MembershipPlan } from "../domain/memberships.js";

/** Memberships ('Socios', DESIGN.md section 16): the venues' plans and the players' memberships. */
export interface MembershipRepository {
  insertPlan(plan: MembershipPlan): Promise<void>;
  findPlan(id: string): Promise<MembershipPlan | undefined>;
  /** a venue's plans, newest first; `activeOnly` for what players may buy */
  listPlans(venueId: string, activeOnly: boolean): Promise<MembershipPlan[]>;
  /** the plan no longer sold (memberships bought stay valid); false when it was not active */
  deactivatePlan(id: string): Promise<boolean>;
  /** the player's membership of a venue in force at `at` (the one with the best discount), if any */
  activeFor(userId: string, venueId: string, at: Date): Promise<Membership | undefined>;
  /** the player's memberships, the latest end first */
  listByUser(userId: string): Promise<Membership[]>;
  /**
   * Memberships ending within (now, before] not reminded yet and not followed by another of the
   * same player and venue (bought ahead), soonest first: the sweep writes each one's mail to the
   * outbox (deduplicated by its event key), then marks it reminded.
   */
  dueReminders(now: Date, before: Date, limit: number): Promise<Membership[]>;
  markReminded(id: string, at: Date): Promise<void>;
}
