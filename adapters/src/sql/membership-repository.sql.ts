import type { Membership, MembershipPlan, MembershipRepository } from "@courts/core";
import { membershipEnd } from "@courts/core";
import { keptWhileCounter } from "./data-changes.js";
import { bool, findOne, instant, int, intOrNull, iso, str, strOrNull } from "./rows.js";
import type { Row, SqlClient, SqlTx } from "./sql-client.js";

const PLAN_COLUMNS = "id, venue_id, name, price, months, discount_percent, window_days, active, created_at";
const toPlan = (r: Row): MembershipPlan => ({
  id: str(r, "id"),
  venueId: str(r, "venue_id"),
  name: str(r, "name"),
  price: int(r, "price"),
  months: int(r, "months"),
  discountPercent: int(r, "discount_percent"),
  windowDays: intOrNull(r, "window_days"),
  active: bool(r, "active"),
  createdAt: instant(r, "created_at"),
});

const COLUMNS = "id, user_id, plan_id, venue_id, name, discount_percent, window_days, starts_at, ends_at, paid_by, purchase_id, created_at";
const toMembership = (r: Row): Membership => ({
  id: str(r, "id"),
  userId: str(r, "user_id"),
  planId: str(r, "plan_id"),
  venueId: str(r, "venue_id"),
  name: str(r, "name"),
  discountPercent: int(r, "discount_percent"),
  windowDays: intOrNull(r, "window_days"),
  startsAt: instant(r, "starts_at"),
  endsAt: instant(r, "ends_at"),
  paidBy: str(r, "paid_by") === "cash" ? "cash" : "card",
  purchaseId: strOrNull(r, "purchase_id"),
  createdAt: instant(r, "created_at"),
});

/**
 * A membership granted in the caller's transaction: what recording a membership's purchase does
 * (by card, or at the desk in cash). It starts when recorded, or when the player's membership of
 * the same venue in force ends (bought ahead: the months add up); once per purchase.
 */
export const grantMembership = async (
  tx: SqlTx,
  grant: { readonly userId: string; readonly planId: string; readonly purchaseId: string; readonly paidBy: "card" | "cash"; readonly at: Date },
): Promise<void> => {
  const plan = await findOne(tx, `select ${PLAN_COLUMNS} from membership_plans where id = ?`, [grant.planId], toPlan);
  if (!plan) throw new Error(`membership plan ${grant.planId} not found`);
  const current = await tx.one("select max(ends_at) as ends_at from memberships where user_id = ? and venue_id = ? and ends_at > ?", [
    grant.userId,
    plan.venueId,
    iso(grant.at),
  ]);
  const startsAt = current && current["ends_at"] != null ? instant(current, "ends_at") : grant.at;
  await tx.run(
    `insert into memberships (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
    [
      grant.purchaseId,
      grant.userId,
      plan.id,
      plan.venueId,
      plan.name,
      plan.discountPercent,
      plan.windowDays,
      iso(startsAt),
      iso(membershipEnd(startsAt, plan.months)),
      grant.paidBy,
      grant.purchaseId,
      iso(grant.at),
    ],
  );
};

/** Venues whose live memberships are kept per process (data-changes.ts; about 400 bytes a membership). */
const VENUES_KEPT = 50;
/** A venue with more live memberships than this is asked player by player (memberships_user_idx). */
const VENUE_MEMBERSHIPS_KEPT = 1_000;

/**
 * The live memberships of a venue as of `since`, by player (null: too many to keep). A membership
 * ending after `since` is in it, started or not: whether one is in force is decided at use, on the
 * instant asked, so one that ends (or begins) later is seen then with no write and no new read.
 */
interface VenueMemberships {
  readonly since: number;
  readonly byUser: ReadonlyMap<string, readonly Membership[]> | null;
}

/** activeFor's choice among a player's memberships of a venue: in force at `at`, the best discount, then the latest end. */
const inForce = (memberships: readonly Membership[], at: number): Membership | undefined => {
  let best: Membership | undefined;
  for (const m of memberships) {
    if (m.startsAt.getTime() > at || m.endsAt.getTime() <= at) continue;
    if (
      best === undefined ||
      m.discountPercent > best.discountPercent ||
      (m.discountPercent === best.discountPercent && m.endsAt.getTime() > best.endsAt.getTime())
    )
      best = m;
  }
  return best;
};

/** While nothing is kept (no counter known): the player's own memberships are asked, not the venue's. */
const NOT_KEPT = () => Promise.resolve<VenueMemberships>({ since: 0, byUser: null });

export const sqlMembershipRepository = (sql: SqlClient): MembershipRepository => {
  const activeFromDatabase = (userId: string, venueId: string, at: Date) =>
    findOne(
      sql,
      `select ${COLUMNS} from memberships where user_id = ? and venue_id = ? and starts_at <= ? and ends_at > ? order by discount_percent desc, ends_at desc limit 1`,
      [userId, venueId, iso(at), iso(at)],
      toMembership,
    );
  // kept while the `memberships` counter stands: any membership recorded, changed or removed
  // (migration ...20261208000900); a booking of a player who is no member reads nothing for it
  const keptByVenue = keptWhileCounter<VenueMemberships>(sql.changes, "memberships", VENUES_KEPT);
  const venueMemberships = async (venueId: string, at: Date): Promise<VenueMemberships> => {
    // by memberships_venue_idx
    const rows = await sql.all(`select ${COLUMNS} from memberships where venue_id = ? and ends_at > ? limit ?`, [venueId, iso(at), VENUE_MEMBERSHIPS_KEPT + 1]);
    if (rows.length > VENUE_MEMBERSHIPS_KEPT) return { since: at.getTime(), byUser: null };
    const byUser = new Map<string, Membership[]>();
    for (const row of rows) {
      const m = toMembership(row);
      const list = byUser.get(m.userId);
      if (list === undefined) byUser.set(m.userId, [m]);
      else list.push(m);
    }
    return { since: at.getTime(), byUser };
  };
  return {
    async insertPlan(p) {
      await sql.run(`insert into membership_plans (${PLAN_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        p.id,
        p.venueId,
        p.name,
        p.price,
        p.months,
        p.discountPercent,
        p.windowDays,
        p.active,
        iso(p.createdAt),
      ]);
    },
    findPlan(id) {
      return findOne(sql, `select ${PLAN_COLUMNS} from membership_plans where id = ?`, [id], toPlan);
    },
    async deactivatePlan(id) {
      return (await sql.run("update membership_plans set active = ? where id = ? and active = ?", [false, id, true])) > 0;
    },
    async listPlans(venueId, activeOnly) {
      const rows = await sql.all(
        `select ${PLAN_COLUMNS} from membership_plans where venue_id = ? ${activeOnly ? "and active = ? " : ""}order by created_at desc, id desc limit 200`,
        activeOnly ? [venueId, true] : [venueId],
      );
      return rows.map(toPlan);
    },
    async activeFor(userId, venueId, at) {
      const kept = await keptByVenue(venueId, () => venueMemberships(venueId, at), NOT_KEPT);
      // read for an earlier instant only: what ended between the two is missing from it
      if (kept === undefined || kept.byUser === null || at.getTime() < kept.since) return activeFromDatabase(userId, venueId, at);
      return inForce(kept.byUser.get(userId) ?? [], at.getTime());
    },
    async listByUser(userId) {
      const rows = await sql.all(`select ${COLUMNS} from memberships where user_id = ? order by ends_at desc, id limit 200`, [userId]);
      return rows.map(toMembership);
    },
    async dueReminders(now, before, limit) {
      const rows = await sql.all(
        `select ${COLUMNS} from memberships m where m.reminded_at is null and m.ends_at > ? and m.ends_at <= ? ` +
          "and not exists (select 1 from memberships later where later.user_id = m.user_id and later.venue_id = m.venue_id and later.starts_at >= m.ends_at) " +
          "order by m.ends_at, m.id limit ?",
        [iso(now), iso(before), limit],
      );
      return rows.map(toMembership);
    },
    async markReminded(id, at) {
      await sql.run("update memberships set reminded_at = ? where id = ? and reminded_at is null", [iso(at), id]);
    },
  };
};
