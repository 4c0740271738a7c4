import type { BallotDraw, BallotEntry, BallotRepository, BallotState, GameType, LocalDate, TimeSlot } from "@courts/core";
import { findOne, instant, instantOrNull, iso, str, strOrNull } from "./rows.js";
import type { Row, SqlClient } from "./sql-client.js";

const ENTRY_COLUMNS = "id, venue_id, court_id, booking_date, time_slot, game_type, user_id, decides_at, entered_at, state, booking_id";

const toEntry = (row: Row): BallotEntry => ({
  id: str(row, "id"),
  venueId: str(row, "venue_id"),
  courtId: str(row, "court_id"),
  date: str(row, "booking_date") as LocalDate,
  timeSlot: str(row, "time_slot") as TimeSlot,
  gameType: str(row, "game_type") as GameType,
  userId: str(row, "user_id"),
  decidesAt: instant(row, "decides_at"),
  enteredAt: instant(row, "entered_at"),
  state: str(row, "state") as BallotState,
  bookingId: strOrNull(row, "booking_id"),
});

/** A release drawn already, opened again at another time: a new ballot (params: decidesAt, venue, date, decidesAt). */
const REOPEN = "decides_at = ?, seed = null, draw_order = null, drawn_at = null, claimed_until = null";
const REOPENS = "venue_id = ? and booking_date = ? and drawn_at is not null and decides_at <> ?";

/** The release ballot's entries and draws (DESIGN.md section 15; migration ...001000). */
export const sqlBallotRepository = (sql: SqlClient): BallotRepository => ({
  async enter(entry) {
    const release = [entry.venueId, entry.date, iso(entry.decidesAt)];
    // The release first (its row is the draw's). A release drawn already whose date opened again at
    // another time (the admin changed the rules after its draw) becomes a new ballot, drawn at its
    // own decidesAt (the entries decided keep their outcome). PostgreSQL: one statement, which locks
    // no row unless it reopens one (hundreds of entries arrive in the same second).
    if (sql.engine === "postgresql")
      await sql.run(
        `with reopened as (update ballot_releases set ${REOPEN} where ${REOPENS} returning 1) ` +
          "insert into ballot_releases (venue_id, booking_date, decides_at) select ?, ?, ? where not exists (select 1 from reopened) on conflict do nothing",
        [iso(entry.decidesAt), entry.venueId, entry.date, iso(entry.decidesAt), ...release],
      );
    else {
      await sql.run("insert into ballot_releases (venue_id, booking_date, decides_at) values (?, ?, ?) on conflict do nothing", release);
      await sql.run(`update ballot_releases set ${REOPEN} where ${REOPENS}`, [iso(entry.decidesAt), entry.venueId, entry.date, iso(entry.decidesAt)]);
    }
    // Only while the release takes entries: not drawn, and no process drawing it. On PostgreSQL the
    // release's row is read under a share lock, so a claim waits for this entry (and then draws it)
    // or this entry waits for the claim (and then sees it and is not written). One entry per player
    // and slot: the one written now, or the one they had (read again only when none is answered).
    const insert =
      `insert into ballot_entries (${ENTRY_COLUMNS}) select ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', null ` +
      "where exists (select 1 from ballot_releases r where r.venue_id = ? and r.booking_date = ? and r.drawn_at is null " +
      `and (r.claimed_until is null or r.claimed_until <= ?)${sql.engine === "postgresql" ? " for share" : ""}) on conflict do nothing returning ${ENTRY_COLUMNS}`;
    const [written] = await sql.all(insert, [
      entry.id,
      entry.venueId,
      entry.courtId,
      entry.date,
      entry.timeSlot,
      entry.gameType,
      entry.userId,
      iso(entry.decidesAt),
      iso(entry.enteredAt),
      entry.venueId,
      entry.date,
      iso(entry.enteredAt),
    ]);
    if (written) return toEntry(written);
    return findOne(
      sql,
      `select ${ENTRY_COLUMNS} from ballot_entries where user_id = ? and court_id = ? and booking_date = ? and time_slot = ?`,
      [entry.userId, entry.courtId, entry.date, entry.timeSlot],
      toEntry,
    );
  },
  findById(id) {
    return findOne(sql, `select ${ENTRY_COLUMNS} from ballot_entries where id = ?`, [id], toEntry);
  },
  async dueReleases(now, limit) {
    const at = iso(now);
    const rows = await sql.all(
      "select venue_id, booking_date from ballot_releases where drawn_at is null and decides_at <= ? " +
        "and (claimed_until is null or claimed_until <= ?) order by decides_at, venue_id, booking_date limit ?",
      [at, at, limit],
    );
    return rows.map((r) => ({ venueId: str(r, "venue_id"), date: str(r, "booking_date") as LocalDate }));
  },
  async claim(release, seed, now, until) {
    // one conditional update: one process at a time, and the first seed kept for a draw taken again
    const row = await sql.one(
      "update ballot_releases set seed = coalesce(seed, ?), claimed_until = ? where venue_id = ? and booking_date = ? " +
        "and drawn_at is null and (claimed_until is null or claimed_until <= ?) returning seed",
      [seed, iso(until), release.venueId, release.date, iso(now)],
    );
    return row ? str(row, "seed") : undefined;
  },
  async beingDrawn(courtId, date, timeSlot) {
    const row = await sql.one("select 1 as pending from ballot_entries where court_id = ? and booking_date = ? and time_slot = ? and state = 'pending' limit 1", [
      courtId,
      date,
      timeSlot,
    ]);
    return row !== undefined;
  },
  async renew(release, held, until) {
    const kept = await sql.run(
      "update ballot_releases set claimed_until = ? where venue_id = ? and booking_date = ? and drawn_at is null and claimed_until = ?",
      [iso(until), release.venueId, release.date, iso(held)],
    );
    return kept > 0;
  },
  async pendingOf(release) {
    const rows = await sql.all(
      `select ${ENTRY_COLUMNS} from ballot_entries where venue_id = ? and booking_date = ? and state = 'pending' order by id`,
      [release.venueId, release.date],
    );
    return rows.map(toEntry);
  },
  decide(release, outcomes, order, at, held) {
    return sql.transaction(async (tx) => {
      const taken = await tx.run(
        "update ballot_releases set drawn_at = ?, draw_order = ?, claimed_until = null where venue_id = ? and booking_date = ? and drawn_at is null and claimed_until = ?",
        [iso(at), JSON.stringify(order), release.venueId, release.date, iso(held)],
      );
      if (taken === 0) return false;
      for (const outcome of outcomes)
        await tx.run("update ballot_entries set state = ?, booking_id = ? where id = ? and state = 'pending'", [
          outcome.bookingId === null ? "lost" : "won",
          outcome.bookingId,
          outcome.id,
        ]);
      return true;
    });
  },
  async drawOf(release) {
    const row = await sql.one("select seed, draw_order, drawn_at from ballot_releases where venue_id = ? and booking_date = ?", [
      release.venueId,
      release.date,
    ]);
    const entries = await sql.all(`select ${ENTRY_COLUMNS} from ballot_entries where venue_id = ? and booking_date = ? order by entered_at, id`, [
      release.venueId,
      release.date,
    ]);
    const order = row ? strOrNull(row, "draw_order") : null;
    const draw: BallotDraw = {
      venueId: release.venueId,
      date: release.date,
      // the seed is shown once drawn: before, it would tell the draw ahead
      seed: row && order !== null ? strOrNull(row, "seed") : null,
      order: order === null ? null : (JSON.parse(order) as BallotDraw["order"]),
      drawnAt: row ? instantOrNull(row, "drawn_at") : null,
      entries: entries.map(toEntry),
    };
    return draw;
  },
});
