import type { VenueRepository } from "@courts/core";
import { insertVenue, toVenue, toVenueRules, VENUE_COLUMNS, VENUE_RULES_COLUMNS } from "./mappers.js";
import { findOne } from "./rows.js";
import { afterBookingWrites, PAID_AHEAD, paidAheadParams } from "./booking-repository.sql.js";
import type { SqlClient } from "./sql-client.js";

/**
 * A venue's or a court's setImage: writes only the image fields given (an explicit null clears
 * one), then reads the row back; undefined when there is no such row.
 */
export const setImage = async <T>(
  sql: SqlClient,
  table: "venues" | "courts",
  findById: (id: string) => Promise<T | undefined>,
  id: string,
  image: { imageData?: string | null; imageUrl?: string | null },
): Promise<T | undefined> => {
  const given = Object.entries({ image_data: image.imageData, image_url: image.imageUrl }).filter(([, value]) => value !== undefined);
  if (given.length > 0) {
    const columns = given.map(([column]) => `${column} = ?`).join(", ");
    const changed = await sql.run(`update ${table} set ${columns} where id = ?`, [...given.map(([, value]) => value ?? null), id]);
    if (changed === 0) return undefined;
  }
  return findById(id);
};

export const sqlVenueRepository = (sql: SqlClient): VenueRepository => {
  const findById = (id: string) => findOne(sql, `select ${VENUE_COLUMNS} from venues v where v.id = ?`, [id], toVenue);
  return {
    findById,
    async list() {
      const rows = await sql.all(`select ${VENUE_COLUMNS} from venues v order by v.created_at, v.id`);
      return rows.map(toVenue);
    },
    async insert(venue) {
      await sql.run(...insertVenue(venue));
      return venue;
    },
    async delete(id, keepIfPaidAfter) {
      // Courts, their bookings and those bookings' share links go by ON DELETE CASCADE;
      // payments stay, they have no foreign key (see the payments table). The guard is part of
      // the one statement, run once the payments being recorded ahead are committed, as in the
      // court's delete.
      if (keepIfPaidAfter === undefined) return (await sql.run("delete from venues where id = ?", [id])) > 0;
      const guard = `not exists (select 1 from bookings b join courts c on c.id = b.court_id where c.venue_id = venues.id and ${PAID_AHEAD})`;
      const deleted = await afterBookingWrites(sql, (tx) =>
        tx.run(`delete from venues where id = ? and ${guard}`, [id, ...paidAheadParams(keepIfPaidAfter)]),
      );
      if (deleted > 0) return true;
      return (await sql.one("select 1 as found from venues where id = ?", [id])) ? "paid-ahead" : false;
    },
    setImage: (id, image) => setImage(sql, "venues", findById, id, image),
    rulesOf(id) {
      return findOne(sql, `select ${VENUE_RULES_COLUMNS} from venues v where v.id = ?`, [id], toVenueRules);
    },
    async setRules(id, rules) {
      // a statement naming venues: the `courts` counter moves (the rules ride on courts read for bookings)
      const changed = await sql.run(
        "update venues set window_days = ?, release_time = ?, max_upcoming_per_player = ?, max_per_player_per_day = ?, ballot_seconds = ? where id = ?",
        [rules.windowDays, rules.releaseTime, rules.maxUpcomingPerPlayer, rules.maxPerPlayerPerDay, rules.ballotSeconds, id],
      );
      return changed > 0;
    },
    findByName(name) {
      return findOne(sql, `select ${VENUE_COLUMNS} from venues v where v.name = ? order by v.created_at limit 1`, [name], toVenue);
    },
  };
};
