import type { CourtForBooking, CourtRepository } from "@courts/core";
import { keptWhileCounter } from "./data-changes.js";
import { COURT_COLUMNS, COURT_FIELDS_COLUMNS, insertCourt, toCourt, toCourtFields, toVenueRules, VENUE_RULES_COLUMNS } from "./mappers.js";
import { findOne, int, str } from "./rows.js";
import { violates, type SqlClient, type SqlTx } from "./sql-client.js";
import { setImage } from "./venue-repository.sql.js";
import { afterBookingWrites, afterPaymentsAhead, PAID_AHEAD, paidAheadParams } from "./booking-repository.sql.js";

const numberTaken = (error: unknown) =>
  violates(error, "courts_venue_number_unique", "courts.venue_id, courts.court_number");

/** Courts read for bookings kept per process on SQLite (about 400 bytes each, no picture). */
const COURTS_FOR_BOOKING_KEPT = 1_000;

export const sqlCourtRepository = (sql: SqlClient): CourtRepository => {
  const findById = (id: string) => findOne(sql, `select ${COURT_COLUMNS} from courts c where c.id = ?`, [id], toCourt);
  // kept while the `courts` counter stands: any write to a court, a venue renamed, its rules
  // changed or the venue removed (migrations ...000200, ...20261126000100 and ...20261207000900; data-changes.ts)
  const keptForBooking = keptWhileCounter<CourtForBooking>(sql.changes, "courts", COURTS_FOR_BOOKING_KEPT);
  return {
    findById,
    findForBooking: (id) =>
      keptForBooking(id, () =>
        findOne(
          sql,
          `select ${COURT_FIELDS_COLUMNS}, v.name as venue_name, ${VENUE_RULES_COLUMNS} from courts c join venues v on v.id = c.venue_id where c.id = ?`,
          [id],
          (r) => ({ ...toCourtFields(r), venueName: str(r, "venue_name"), rules: toVenueRules(r) }),
        ),
      ),
    async list() {
      const rows = await sql.all(`select ${COURT_COLUMNS} from courts c order by c.created_at, c.court_number, c.id`);
      return rows.map(toCourt);
    },
    async listByVenue(venueId) {
      // courts_venue_number_unique (venue_id, court_number) serves the filter and the order.
      const rows = await sql.all(`select ${COURT_COLUMNS} from courts c where c.venue_id = ? order by c.court_number`, [
        venueId,
      ]);
      return rows.map(toCourt);
    },
    async insert(court) {
      try {
        // a statement naming courts: the client moves the `courts` counter (data-changes.ts)
        await sql.run(...insertCourt(court));
        return court;
      } catch (error) {
        if (numberTaken(error)) return "number-taken";
        throw error;
      }
    },
    async update(court, keepIfMovingPaidAfter) {
      // one statement: the picture stays as setImage left it, and a move to another venue finds
      // the money ahead of it in the same statement, run once the payments being recorded ahead
      // are committed (afterPaymentsAhead): a payment recorded since the form was read keeps it
      const guard =
        keepIfMovingPaidAfter === undefined ? "" : ` and (venue_id = ? or not exists (select 1 from bookings b where b.court_id = courts.id and ${PAID_AHEAD}))`;
      const { prices } = court;
      const update = (run: SqlTx["run"]) =>
        run(
          "update courts set venue_id = ?, name = ?, court_number = ?, status = ?, day_singles_price = ?, day_doubles_price = ?, " +
            `night_singles_price = ?, night_doubles_price = ? where id = ?${guard}`,
          [
            court.venueId,
            court.name,
            court.courtNumber,
            court.status,
            prices.daySingles,
            prices.dayDoubles,
            prices.nightSingles,
            prices.nightDoubles,
            court.id,
            ...(keepIfMovingPaidAfter === undefined ? [] : [court.venueId, ...paidAheadParams(keepIfMovingPaidAfter)]),
          ],
        );
      try {
        const changed =
          keepIfMovingPaidAfter === undefined
            ? await update((text, params) => sql.run(text, params))
            : await afterPaymentsAhead(sql, court.id, keepIfMovingPaidAfter, (tx) => update((text, params) => tx.run(text, params)));
        if (changed === 0) return keepIfMovingPaidAfter !== undefined && (await sql.one("select 1 as found from courts where id = ?", [court.id])) ? "paid-ahead" : undefined;
      } catch (error) {
        if (numberTaken(error)) return "number-taken";
        throw error;
      }
      return findById(court.id);
    },
    async delete(id, keepIfPaidAfter) {
      // Its bookings (and their share links) go by ON DELETE CASCADE; payments stay. The guard is
      // part of the one statement, run once the payments being recorded ahead are committed
      // (afterBookingWrites), so a payment recorded since the caller looked keeps the court.
      if (keepIfPaidAfter === undefined) return (await sql.run("delete from courts where id = ?", [id])) > 0;
      const guard = `not exists (select 1 from bookings b where b.court_id = courts.id and ${PAID_AHEAD})`;
      const deleted = await afterBookingWrites(sql, (tx) =>
        tx.run(`delete from courts where id = ? and ${guard}`, [id, ...paidAheadParams(keepIfPaidAfter)]),
      );
      if (deleted > 0) return true;
      return (await sql.one("select 1 as found from courts where id = ?", [id])) ? "paid-ahead" : false;
    },
    setImage: (id, image) => setImage(sql, "courts", findById, id, image),
    async count() {
      const row = await sql.one("select count(*) as n from courts");
      return row ? int(row, "n") : 0;
    },
    async countNotAvailable() {
      const row = await sql.one("select count(*) as n from courts where status <> 'available'");
      return row ? int(row, "n") : 0;
    },
  };
};
