import type { ReportPeriod, ReportQueries, RevenueGrouping, RevenueRow } from "@courts/core";
import { int, intOrZero, str, strOrNull } from "./rows.js";
import { placeholders, type Param, type SqlClient } from "./sql-client.js";

/**
 * The owner's reports (DESIGN.md section 18) over report_days and report_slots, kept by triggers
 * with every booking and payment write (Migration20261208000400_owner_reports): a report reads a
 * row per court and game date (revenue) or per venue, date and hour (occupancy) of its period,
 * whatever the history holds. The summary's player lists read the period's bookings by date.
 */

const periodWhere = (period: ReportPeriod, alias = ""): { readonly sql: string; readonly params: Param[] } => {
  const a = alias === "" ? "" : `${alias}.`;
  return period.venueId === undefined
    ? { sql: `${a}booking_date >= ? and ${a}booking_date <= ?`, params: [period.from, period.to] }
    : { sql: `${a}venue_id = ? and ${a}booking_date >= ? and ${a}booking_date <= ?`, params: [period.venueId, period.from, period.to] };
};

const GROUP_COLUMN: Record<RevenueGrouping, string> = { month: "month", venue: "venue_id", court: "court_id" };

/** the name a venue or court is shown by, for the groups that still exist */
const labelsOf = async (sql: SqlClient, groupBy: RevenueGrouping, keys: readonly string[]): Promise<Map<string, string>> => {
  const ids = keys.filter((k) => k !== "");
  if (groupBy === "month" || ids.length === 0) return new Map();
  const rows =
    groupBy === "venue"
      ? await sql.all(`select id, name as label from venues where id in (${placeholders(ids.length)})`, ids)
      : await sql.all(
          `select c.id, v.name || ' · ' || c.name as label from courts c join venues v on v.id = c.venue_id where c.id in (${placeholders(ids.length)})`,
          ids,
        );
  return new Map(rows.map((r) => [str(r, "id"), str(r, "label")]));
};

/** The live bookings of a period (not cancelled, not expired), through the bookings' date index. */
const LIVE = "b.status in ('active', 'confirmed')";

export const sqlReportQueries = (sql: SqlClient): ReportQueries => ({
  async occupancy(period) {
    const where = periodWhere(period);
    const [rows, courts] = await Promise.all([
      sql.all(`select weekday, time_slot, sum(booked) as booked from report_slots where ${where.sql} group by weekday, time_slot`, where.params),
      period.venueId === undefined
        ? sql.one("select count(*) as n from courts")
        : sql.one("select count(*) as n from courts where venue_id = ?", [period.venueId]),
    ]);
    return {
      booked: rows.map((r) => ({ weekday: int(r, "weekday"), timeSlot: str(r, "time_slot"), booked: int(r, "booked") })),
      courts: intOrZero(courts, "n"),
    };
  },

  async revenue(period, groupBy) {
    const where = periodWhere(period);
    const key = GROUP_COLUMN[groupBy];
    const rows = await sql.all(
      `select ${key} as k, sum(gross) as gross, sum(discounts) as discounts, sum(fees) as fees, sum(refunds) as refunds, ` +
        `sum(booked) as bookings from report_days where ${where.sql} group by ${key} order by ${key}`,
      where.params,
    );
    const figures = rows
      .map((r) => ({
        key: str(r, "k"),
        gross: intOrZero(r, "gross"),
        discounts: intOrZero(r, "discounts"),
        fees: intOrZero(r, "fees"),
        refunds: intOrZero(r, "refunds"),
        bookings: intOrZero(r, "bookings"),
      }))
      // a group whose games were all cancelled and whose payments all failed has nothing to show
      .filter((r) => r.gross !== 0 || r.discounts !== 0 || r.fees !== 0 || r.refunds !== 0 || r.bookings !== 0);
    const labels = await labelsOf(sql, groupBy, figures.map((r) => r.key));
    const found: RevenueRow[] = figures.map((r) => ({ ...r, label: labels.get(r.key) ?? null }));
    return groupBy === "month" ? found : [...found].sort((a, b) => (a.label ?? "\uffff").localeCompare(b.label ?? "\uffff", "es") || a.key.localeCompare(b.key));
  },

  async summary(period, limits) {
    const days = periodWhere(period);
    const venue = period.venueId === undefined ? "" : " and b.court_id in (select id from courts where venue_id = ?)";
    const venueParam: Param[] = period.venueId === undefined ? [] : [period.venueId];
    const bookingParams: Param[] = [period.from, period.to, ...venueParam];
    // counted per player from the bookings' date index alone (bookings_date_player_idx), then named: only the players listed
    const perPlayer = (columns: string, condition: string, order: string) =>
      `select t.*, coalesce(u.full_name, u.username) as name from (select b.user_id, ${columns} from bookings b ` +
      `where b.booking_date >= ? and b.booking_date <= ? and ${LIVE}${venue}${condition} ` +
      `group by b.user_id order by ${order}, b.user_id limit ?) t left join users u on u.id = t.user_id order by ${order.replace(/\b(amount|n)\b/g, "t.$1")}, t.user_id`;
    const [cancellations, owed, players] = await Promise.all([
      sql.one(`select coalesce(sum(cancelled), 0) as n, coalesce(sum(refunds), 0) as refunded from report_days where ${days.sql}`, days.params),
      sql.all(perPlayer("sum(b.total_amount - b.paid_amount) as amount, count(*) as n", " and b.paid_amount < b.total_amount", "amount desc"), [
        ...bookingParams,
        limits.outstanding,
      ]),
      sql.all(perPlayer("count(*) as n", "", "n desc"), [...bookingParams, limits.topPlayers]),
    ]);
    const ids = players.map((r) => str(r, "user_id"));
    // Read through the players' own index (payments_user_created_id_idx): the status, date and
    // venue terms are written so no index of theirs is chosen (`|| ''`), which at 10x history had
    // the planner walk every settled payment of the club (4.6 s) for ten players.
    const venueTerm = period.venueId === undefined ? "" : " and p.venue_id || '' = ?";
    const spentRows =
      ids.length === 0
        ? []
        : await sql.all(
            "select p.user_id, sum(p.amount - p.discount - p.refunded_amount) as spent from payments p " +
              `where p.user_id in (${placeholders(ids.length)}) and p.booking_date || '' >= ? and p.booking_date || '' <= ?${venueTerm} ` +
              "and p.status || '' in ('succeeded', 'refunded') and p.paid_at is not null and p.kind <> 'wallet' group by p.user_id",
            [...ids, period.from, period.to, ...(period.venueId === undefined ? [] : [period.venueId])],
          );
    const spent = new Map(spentRows.map((r) => [str(r, "user_id"), intOrZero(r, "spent")]));
    return {
      cancellations: { count: intOrZero(cancellations, "n"), refunded: intOrZero(cancellations, "refunded") },
      outstanding: owed.map((r) => ({
        userId: strOrNull(r, "user_id"),
        name: strOrNull(r, "name") ?? "Jugador eliminado",
        amount: intOrZero(r, "amount"),
        bookings: int(r, "n"),
      })),
      topPlayers: players.map((r) => ({
        userId: str(r, "user_id"),
        name: strOrNull(r, "name") ?? "Jugador eliminado",
        bookings: int(r, "n"),
        spent: spent.get(str(r, "user_id")) ?? 0,
      })),
    };
  },
});
