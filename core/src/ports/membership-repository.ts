import type { Membership, MembershipPlan } from "../domain/memberships.js";

/** Memberships ('Socios', DESIGN.md section 16): the venues' plans and the players' memberships. */
export interface MembershipRepository {
  insertPlan(plan: MembershipPlan): Promise<void>;
  findPlan(id: string): Promise<MembershipPlan | undefined>;
  /** a venue's plans, newest first; `activeOnly` for what players may buy */
  listPlans(venueId: string, activeOnly: boolean): Promise<MembershipPlan[]>;
  /** the player's membership of a venue in force at `at` (the one with the best discount), if any */
  activeFor(userId: string, venueId: string, at: Date): Promise<Membership | undefined>;
  /** the player's memberships, the latest end first */
  listByUser(userId: string): Promise<Membership[]>;
  /**
   * Memberships ending within (now, before] not reminded yet, claimed once each (the reminder is
   * marked in the same statement): the sweep writes each one's mail to the outbox.
   */
  claimReminders(now: Date, before: Date, limit: number): Promise<Membership[]>;
}
