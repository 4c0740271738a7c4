import type { Booking, BookingRepository } from "@courts/core";
import { BOOKING_WITH_COURT_SELECT, GAME_TYPES, oneOf, toBookingWithCourt } from "./mappers.js";
import { sqlBookingJsonReads, type BookingJsonReads } from "./json-reads.sql.js";
import { int, iso, isoOrNull, str } from "./rows.js";
import { violates, type Param, type SqlClient } from "./sql-client.js";

const slotTaken = (error: unknown) =>
  violates(error, "bookings_active_slot_unique", "bookings.court_id, bookings.booking_date, bookings.time_slot");

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
export const sqlBookingRepository = (sql: SqlClient): BookingRepository & BookingJsonReads => ({
  ...sqlBookingJsonReads(sql),
  async insert(booking) {
    try {
      await sql.run(INSERT, insertParams(booking));
      return booking;
    } catch (error) {
      if (slotTaken(error)) return "slot-taken";
      throw error;
    }
  },
  async findById(id) {
    const row = await sql.one(`${BOOKING_WITH_COURT_SELECT} where b.id = ?`, [id]);
    return row && toBookingWithCourt(row);
  },
  async bookedSlots(courtId, date) {
    const rows = await sql.all(
      "select time_slot from bookings where court_id = ? and booking_date = ? and status <> 'cancelled' order by time_slot",
      [courtId, date],
    );
    return rows.map((r) => str(r, "time_slot"));
  },
  async listByUser(userId) {
    const rows = await sql.all(
      `${BOOKING_WITH_COURT_SELECT} where b.user_id = ? order by b.booking_date desc, b.time_slot desc, b.created_at desc`,
      [userId],
    );
    return rows.map(toBookingWithCourt);
  },
  async calendar(venueId, from, to) {
    // One query, only the columns the calendar shows, no user data.
    const rows = await sql.all(
      "select b.id, b.booking_date, b.time_slot, b.game_type, c.id as court_id, c.court_number, c.name as court_name " +
        "from courts c join bookings b on b.court_id = c.id " +
        "where c.venue_id = ? and b.booking_date >= ? and b.booking_date <= ? and b.status <> 'cancelled' " +
        "order by b.booking_date, b.time_slot, c.court_number",
      [venueId, from, to],
    );
    return rows.map((r) => ({
      id: str(r, "id"),
      date: str(r, "booking_date"),
      timeSlot: str(r, "time_slot"),
      gameType: oneOf(r, "game_type", GAME_TYPES),
      courtId: str(r, "court_id"),
      courtNumber: int(r, "court_number"),
      courtName: str(r, "court_name"),
    }));
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
