import type { Booking, BookingRepository } from "@courts/core";
import { BOOKING_COLUMNS, BOOKING_WITH_COURT_SELECT, toBookingWithCourt } from "./mappers.js";
import { int, iso, isoOrNull } from "./rows.js";
import { violates, type Param, type SqlClient } from "./sql-client.js";

const slotTaken = (error: unknown) =>
  violates(error, "bookings_active_slot_unique", "bookings.court_id, bookings.booking_date, bookings.time_slot");

/** The trigger bookings_not_blocked (migration 20261123001800) refused the row: a block closes the slot. */
export const slotBlocked = (error: unknown): boolean => error instanceof Error && error.message.includes("court_blocked");

const INSERT =
  "insert into bookings (id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, " +
  "status, cancellation_reason, refund_percentage, created_at, cancelled_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

const insertParams = (b: Booking): Param[] => [
  b.id,
  b.userId,
  b.courtId,
  b.date,
  b.timeSlot,
  b.gameType,
  b.tariffType,
  b.totalAmount,
  b.paidAmount,
  b.status,
  b.cancellationReason,
  b.refundPercentage,
  iso(b.createdAt),
  isoOrNull(b.cancelledAt),
];

/** Rolls the cancel's transaction back when the booking was no longer active. */
class NotCancelled extends Error {}

/**
 * `status <> 'cancelled'` is written exactly like the predicate of the partial unique index
 * bookings_active_slot_unique, so both planners can use that index for the per-court reads.
 */
export const sqlBookingRepository = (sql: SqlClient): BookingRepository => ({
  async insert(booking) {
    try {
      await sql.run(INSERT, insertParams(booking));
      return booking;
    } catch (error) {
      if (slotTaken(error)) return "slot-taken";
      if (slotBlocked(error)) return "slot-blocked";
      throw error;
    }
  },
  async findById(id) {
    const row = await sql.one(`${BOOKING_WITH_COURT_SELECT} where b.id = ?`, [id]);
    return row && toBookingWithCourt(row);
  },
  async listByUser(userId) {
    const rows = await sql.all(
      `${BOOKING_WITH_COURT_SELECT} where b.user_id = ? order by b.booking_date desc, b.time_slot desc, b.created_at desc`,
      [userId],
    );
    return rows.map(toBookingWithCourt);
  },
  async pageByUser(userId, query) {
    // Each order is the index bookings_user_date_slot_idx read forwards or backwards: the page
    // stops at its limit, and only that page is joined with its courts and venues.
    const [where, params, order] =
      query.scope === "upcoming"
        ? ["user_id = ? and booking_date >= ?", [userId, query.today], "booking_date, time_slot, id"]
        : query.scope === "past"
          ? ["user_id = ? and booking_date < ?", [userId, query.today], "booking_date desc, time_slot desc, id desc"]
          : ["user_id = ?", [userId], "booking_date desc, time_slot desc, id desc"];
    const offset = (query.page - 1) * query.pageSize;
    const [rows, count] = await Promise.all([
      sql.all(
        `select ${BOOKING_COLUMNS}, c.name as court_name, c.court_number, c.venue_id, v.name as venue_name ` +
          `from (select * from bookings where ${where} order by ${order} limit ? offset ?) b ` +
          `join courts c on c.id = b.court_id join venues v on v.id = c.venue_id order by ${order.replaceAll(/(^|, )/g, "$1b.")}`,
        [...params, query.pageSize, offset],
      ),
      sql.one(`select count(*) as n from bookings where ${where}`, params),
    ]);
    return { items: rows.map(toBookingWithCourt), total: count ? int(count, "n") : 0, page: query.page, pageSize: query.pageSize };
  },
  async findManyByIds(ids) {
    if (ids.length === 0) return [];
    const rows = await sql.all(`${BOOKING_WITH_COURT_SELECT} where b.id in (${ids.map(() => "?").join(", ")})`, ids);
    return rows.map(toBookingWithCourt);
  },
  async listByDate(date, venueId) {
    const byVenue = venueId === undefined ? "" : " and c.venue_id = ?";
    const rows = await sql.all(
      `${BOOKING_WITH_COURT_SELECT} where b.booking_date = ? and b.status <> 'cancelled'${byVenue} order by b.time_slot, c.court_number`,
      venueId === undefined ? [date] : [date, venueId],
    );
    return rows.map(toBookingWithCourt);
  },
  async countActiveOnDate(date) {
    const row = await sql.one("select count(*) as n from bookings where booking_date = ? and status <> 'cancelled'", [
      date,
    ]);
    return row ? int(row, "n") : 0;
  },
  async cancel(id, change) {
    const cancel = "update bookings set status = 'cancelled', cancellation_reason = ?, refund_percentage = ?, cancelled_at = ? " +
      "where id = ? and status = 'active'";
    const params = [change.reason, change.refundPercentage, iso(change.at), id];
    const owed = change.refundsOwed ?? [];
    if (owed.length === 0) return (await sql.run(cancel, params)) > 0;
    // Payments first, then the booking: the order markSucceeded takes, so PostgreSQL queues the
    // two on row locks instead of deadlocking.
    try {
      return await sql.transaction(async (tx) => {
        for (const o of owed)
          await tx.run(
            "update payments set refund_owed = refund_owed + ?, status = 'refunded' where id = ? and status = 'succeeded' and refund_owed = 0",
            [o.amount, o.paymentId],
          );
        if ((await tx.run(cancel, params)) === 0) throw new NotCancelled();
        return true;
      });
    } catch (error) {
      if (error instanceof NotCancelled) return false;
      throw error;
    }
  },
});
