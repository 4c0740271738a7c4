import { randomBytes, randomUUID } from "node:crypto";
import { instantOf, localDateOf, PLAYERS, shareAt, type GameType } from "@courts/core";
import { openSqlDatabase } from "@courts/adapters/sql/index";

/**
 * The open matches of the bench (DESIGN.md section 17): 1,000 open matches on upcoming bookings
 * whose organiser paid a share, and `scale` x 1,000 matches of days gone by (still marked open,
 * their deadline past: the history GET /api/open-matches must not pay for). Levels spread over
 * the whole range, so a level filter keeps about half.
 */
export const OPEN_MATCHES = 1_000;
const HISTORY_MATCHES = 1_000;
const HOUR_MS = 3_600_000;

export const seedOpenMatches = async (url: string, timeZone: string, scale: number): Promise<{ open: number; past: number }> => {
  const db = await openSqlDatabase(url);
  try {
    const today = localDateOf(new Date(), timeZone);
    const pick = async (upcoming: boolean, limit: number) =>
      db.sql.all(
        "select b.id, b.booking_date, b.time_slot, b.game_type, b.total_amount, b.paid_amount, c.venue_id from bookings b join courts c on c.id = b.court_id " +
          `where b.status = 'active' and b.booking_date ${upcoming ? ">" : "<"} ? ${upcoming ? "and b.paid_amount > 0 and b.paid_amount < b.total_amount" : ""} ` +
          "order by b.id limit ?",
        [today, limit],
      );
    const upcoming = await pick(true, OPEN_MATCHES);
    const past = await pick(false, HISTORY_MATCHES * scale);
    let n = 0;
    await db.sql.transaction(async (tx) => {
      for (const [rows, open] of [[upcoming, true], [past, false]] as const)
        for (const r of rows) {
          const gameType = String(r.game_type) as GameType;
          const start = instantOf(String(r.booking_date), String(r.time_slot), timeZone);
          const deadline = new Date(start.getTime() - 2 * HOUR_MS).toISOString();
          const created = new Date(start.getTime() - 3 * 24 * HOUR_MS).toISOString();
          const linkId = randomUUID();
          const low = 10 + 5 * (n % 9);
          n++;
          await tx.run(
            "insert into share_links (id, token, booking_id, amount_per_person, max_participants, current_participants, expires_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
            [linkId, randomBytes(24).toString("base64url"), String(r.id), shareAt(Number(r.total_amount), gameType, 1), PLAYERS[gameType], open ? 1 : PLAYERS[gameType], deadline, created],
          );
          await tx.run(
            "insert into open_matches (id, booking_id, share_link_id, venue_id, booking_date, time_slot, level_min_tenths, level_max_tenths, note, status, deadline, created_at) " +
              "values (?, ?, ?, ?, ?, ?, ?, ?, null, 'open', ?, ?)",
            [randomUUID(), String(r.id), linkId, String(r.venue_id), String(r.booking_date), String(r.time_slot), low, Math.min(70, low + 20), deadline, created],
          );
        }
    });
    return { open: upcoming.length, past: past.length };
  } finally {
    await db.close();
  }
};
