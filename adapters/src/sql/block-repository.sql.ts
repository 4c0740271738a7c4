import { randomUUID } from "node:crypto";
import {
  blockCovers,
  BLOCK_REASONS,
  decideRefunds,
  sameBlock,
  type Block,
  type BlockRepository,
  type BookingSeries,
  type BookingWithCourt,
  type ClosedBooking,
  type CreateBlockOutcome,
  type Weekday,
} from "@courts/core";
import { BOOKING_WITH_COURT_SELECT, GAME_TYPES, oneOf, PAYMENT_COLUMNS, toBookingWithCourt, toPayment } from "./mappers.js";
import { againAfterDeadlock } from "./booking-repository.sql.js";
import { recordEvents } from "./event-log.sql.js";
import { oweRefunds, refundsIn } from "./refund-ledger.sql.js";
import { findOne, instant, int, iso, str, strOrNull } from "./rows.js";
import type { Row, SqlClient, SqlTx } from "./sql-client.js";

const BLOCK_COLUMNS = "k.id, k.venue_id, k.court_id, k.start_date, k.end_date, k.time_slots, k.weekdays, k.reason, k.note, k.created_at";

/** ',08:00,09:00,' <-> ["08:00", "09:00"]; null means all (see the migration). */
const packList = (items: readonly (string | number)[] | null): string | null => (items === null ? null : `,${items.join(",")},`);
const unpackList = (text: string | null): string[] | null => (text === null ? null : text.split(",").filter((s) => s !== ""));

export const toBlock = (r: Row): Block => ({
  id: str(r, "id"),
  venueId: str(r, "venue_id"),
  courtId: strOrNull(r, "court_id"),
  startDate: str(r, "start_date"),
  endDate: str(r, "end_date"),
  timeSlots: unpackList(strOrNull(r, "time_slots")),
  weekdays: unpackList(strOrNull(r, "weekdays"))?.map((d) => Number(d) as Weekday) ?? null,
  reason: oneOf(r, "reason", BLOCK_REASONS),
  note: strOrNull(r, "note"),
  createdAt: instant(r, "created_at"),
});

/** The slot-holding statuses, as the trigger of the migration names them. */
const HOLDS_SLOT = "b.status in ('active', 'confirmed')";

const createInTransaction = async (
  tx: SqlTx,
  engine: SqlClient["engine"],
  block: Block,
  options: Parameters<BlockRepository["create"]>[1],
): Promise<CreateBlockOutcome> => {
  // Serialise with every booking insert. PostgreSQL: this mode conflicts with the ROW EXCLUSIVE
  // lock an INSERT takes, so inserts in flight finish first and new ones wait for this commit,
  // when the trigger sees the block. SQLite: the insert below takes the single write lock
  // before anything is read, with the same effect.
  if (engine === "postgresql") await tx.run("lock table bookings in share row exclusive mode");
  await tx.run(
    "insert into court_blocks (id, venue_id, court_id, start_date, end_date, time_slots, weekdays, reason, note, created_at) " +
      "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    [block.id, block.venueId, block.courtId, block.startDate, block.endDate, packList(block.timeSlots), packList(block.weekdays), block.reason, block.note, iso(block.createdAt)],
  );

  const others = await tx.all(
    `select ${BLOCK_COLUMNS} from court_blocks k where k.venue_id = ? and k.id <> ? and k.start_date = ? and k.end_date = ?`,
    [block.venueId, block.id, block.startDate, block.endDate],
  );
  const same = others.map(toBlock).find((other) => sameBlock(other, block));
  if (same) throw new Rollback({ kind: "existing", block: same });

  const scope = block.courtId === null ? "c.venue_id = ?" : "b.court_id = ?";
  const rows = await tx.all(
    `${BOOKING_WITH_COURT_SELECT} where ${scope} and b.booking_date >= ? and b.booking_date <= ? and ${HOLDS_SLOT} ` +
      "order by b.booking_date, b.time_slot, c.court_number",
    [block.courtId ?? block.venueId, block.startDate, block.endDate],
  );
  const inside = rows
    .map(toBookingWithCourt)
    .filter((b) => blockCovers(block, { id: b.courtId, venueId: b.court.venueId }, b.date, b.timeSlot));
  if (inside.length === 0) return { kind: "created", block, closed: [] };
  if (!options.cancelConflicts) throw new Rollback({ kind: "conflicts", bookings: inside });

  const closed: ClosedBooking[] = [];
  for (const booking of inside) {
    const cancelled = await tx.run(
      "update bookings set status = 'cancelled', cancellation_reason = ?, refund_percentage = 100, cancelled_at = ? " +
        `where id = ? and status in ('active', 'confirmed')`,
      [options.cancellationReason, iso(options.at), booking.id],
    );
    if (cancelled === 0) continue;
    // what each payer gets back is core's rule (the ledger's), applied to the payments as this transaction reads them
    const payments = await tx.all(`select ${PAYMENT_COLUMNS} from payments p where p.booking_id = ?`, [booking.id]);
    const decided = decideRefunds(payments.map(toPayment), 100).map((d) => ({ ...d, refundId: randomUUID() }));
    const written = await oweRefunds(tx, { bookingId: booking.id, reason: "closure", owed: decided, at: options.at });
    const refunds = await refundsIn(tx, written.map((o) => o.refundId));
    await recordEvents(tx, options.eventsOf?.(booking), options.at);
    closed.push({ booking: { ...booking, status: "cancelled", refundPercentage: 100, cancellationReason: options.cancellationReason, cancelledAt: options.at }, refunds });
  }
  if (closed.length > 0) await recordEvents(tx, options.closedEvents?.(closed.map((c) => c.booking)), options.at);
  return { kind: "created", block, closed };
};

/** Thrown inside the transaction to roll it back with a typed outcome. */
class Rollback extends Error {
  constructor(readonly outcome: CreateBlockOutcome) {
    super(`block not created: ${outcome.kind}`);
  }
}

const SERIES_COLUMNS = "s.id, s.user_id, s.court_id, s.time_slot, s.game_type, s.start_date, s.weeks, s.created_at";
const toSeries = (r: Row): BookingSeries => ({
  id: str(r, "id"),
  userId: str(r, "user_id"),
  courtId: str(r, "court_id"),
  timeSlot: str(r, "time_slot"),
  gameType: oneOf(r, "game_type", GAME_TYPES),
  startDate: str(r, "start_date"),
  weeks: int(r, "weeks"),
  createdAt: instant(r, "created_at"),
});

export const sqlBlockRepository = (sql: SqlClient): BlockRepository => ({
  async create(block, options) {
    try {
      return await againAfterDeadlock(() => sql.transaction((tx) => createInTransaction(tx, sql.engine, block, options)));
    } catch (error) {
      if (error instanceof Rollback) return error.outcome;
      throw error;
    }
  },
  findById(id) {
    return findOne(sql, `select ${BLOCK_COLUMNS} from court_blocks k where k.id = ?`, [id], toBlock);
  },
  async listByVenue(venueId, from) {
    const rows = await sql.all(
      `select ${BLOCK_COLUMNS} from court_blocks k where k.venue_id = ? and k.end_date >= ? order by k.start_date, k.created_at`,
      [venueId, from ?? "0000-01-01"],
    );
    return rows.map(toBlock);
  },
  async listForVenueBetween(venueId, from, to) {
    const rows = await sql.all(
      `select ${BLOCK_COLUMNS} from court_blocks k where k.venue_id = ? and k.end_date >= ? and k.start_date <= ? order by k.start_date, k.created_at`,
      [venueId, from, to],
    );
    return rows.map(toBlock);
  },
  async listForCourtOn(courtId, date) {
    const rows = await sql.all(
      `select ${BLOCK_COLUMNS} from court_blocks k where (k.court_id = ? or (k.court_id is null and k.venue_id = ` +
        "(select c.venue_id from courts c where c.id = ?))) and k.start_date <= ? and k.end_date >= ? order by k.created_at",
      [courtId, courtId, date, date],
    );
    return rows.map(toBlock);
  },
  async delete(id) {
    return (await sql.run("delete from court_blocks where id = ?", [id])) > 0;
  },

  async dayBookings(date, venueId) {
    const byVenue = venueId === undefined ? "" : " and c.venue_id = ?";
    const rows = await sql.all(
      `${BOOKING_WITH_COURT_SELECT.replace("select ", "select u.username as user_name, coalesce(u.full_name, u.username) as player_name, u.phone as player_phone, i.series_id, ")} ` +
        "left join users u on u.id = b.user_id left join booking_series_items i on i.booking_id = b.id " +
        `where b.booking_date = ? and ${HOLDS_SLOT}${byVenue} order by c.court_number, b.time_slot`,
      venueId === undefined ? [date] : [date, venueId],
    );
    return rows.map((r) => ({
      ...toBookingWithCourt(r),
      userName: strOrNull(r, "user_name"),
      playerName: strOrNull(r, "player_name"),
      playerPhone: strOrNull(r, "player_phone"),
      seriesId: strOrNull(r, "series_id"),
    }));
  },
  async insertSeries(series) {
    await sql.run(
      "insert into booking_series (id, user_id, court_id, time_slot, game_type, start_date, weeks, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
      [series.id, series.userId, series.courtId, series.timeSlot, series.gameType, series.startDate, series.weeks, iso(series.createdAt)],
    );
  },
  async addToSeries(seriesId, bookingId) {
    await sql.run("insert into booking_series_items (series_id, booking_id) values (?, ?)", [seriesId, bookingId]);
  },
  findSeries(id) {
    return findOne(sql, `select ${SERIES_COLUMNS} from booking_series s where s.id = ?`, [id], toSeries);
  },
  async seriesBookings(id): Promise<BookingWithCourt[]> {
    const rows = await sql.all(
      `${BOOKING_WITH_COURT_SELECT} join booking_series_items i on i.booking_id = b.id where i.series_id = ? order by b.booking_date`,
      [id],
    );
    return rows.map(toBookingWithCourt);
  },
});
