import type { CalendarEntryAnswer, CatalogQueries, CourtAnswer, CourtAvailability, DayCourt, JsonBytes, JsonText, TimeSlot, VenueDay } from "@courts/core";
import { keepNewest } from "@courts/core";
import { toBlock } from "./block-repository.sql.js";
import type { Engine } from "./database-url.js";
import { concurrencyLimit, inOneTurn } from "../limit.js";
import { keptWhileCounter } from "./data-changes.js";
import { bool, instantOrNull, iso, str, strOrNull } from "./rows.js";
import type { Row, SqlClient } from "./sql-client.js";

/**
 * The read model of the public catalogue (CatalogQueries): each named query is one statement that
 * also checks that its court or venue exists. The lists served as they are, and availability, the
 * busiest read, are built as JSON by the database itself (no row objects, no mapping, no
 * serialization in JavaScript; `npm run bench`):
 *
 *   GET /api/courts/{id}/bookings?date=   courtAvailability (kept per process)
 *   GET /api/venues/{id}/availability?date=   venueDay (kept per process on SQLite)
 *   GET /api/venues/{id}/courts           venueCourts
 *   GET /api/venues/{id}/bookings         venueMonth (kept per process, checked against a change stamp)
 *
 * courtDay (the waitlist's and the notices' read of a day) reads plain rows.
 *
 * tests/sql/catalog-queries.test.ts checks every answer against core's contract and against the
 * in-memory read model, on both engines.
 */

// ---------------------------------------------------------------------------------------------
// courts of a venue

const money = (column: string, engine: Engine) =>
  engine === "sqlite"
    ? `printf('%d.%02d', ${column} / 100, ${column} % 100)`
    : `(${column} / 100)::text || '.' || lpad((${column} % 100)::text, 2, '0')`;

const courtObject = (engine: Engine) => {
  const object = engine === "sqlite" ? "json_object" : "json_build_object";
  return (
    `${object}('id', c.id, 'venueId', c.venue_id, 'name', c.name, 'courtNumber', c.court_number, 'status', c.status, ` +
    "'imageUrl', c.image_url, 'imageData', c.image_data, " +
    `'daySinglesPrice', ${money("c.day_singles_price", engine)}, 'dayDoublesPrice', ${money("c.day_doubles_price", engine)}, ` +
    `'nightSinglesPrice', ${money("c.night_singles_price", engine)}, 'nightDoublesPrice', ${money("c.night_doubles_price", engine)})`
  );
};

// courts_venue_number_unique (venue_id, court_number) serves the filter and the order
const VENUE_COURTS = {
  sqlite:
    "select exists (select 1 from venues where id = ?) as found, " +
    `(select json_group_array(json(court)) from (select ${courtObject("sqlite")} as court from courts c ` +
    "where c.venue_id = ? order by c.court_number)) as body",
  postgresql:
    "select exists (select 1 from venues where id = ?) as found, " +
    `(select coalesce(json_agg(${courtObject("postgresql")} order by c.court_number), '[]'::json)::text ` +
    "from courts c where c.venue_id = ?) as body",
} as const;

// ---------------------------------------------------------------------------------------------
// availability of a court on a date

// the status filter as in the partial unique index, which serves the filter and the order; an
// overdue unpaid hold no longer holds its slot, swept or not (DESIGN.md section 8)
const overdueAt = (now: string, b: string) =>
  `(${b}status = 'active' and ${b}paid_amount = 0 and ${b}hold_expires_at is not null and ${b}hold_expires_at <= ${now})`;
/** without a `now`, no hold reads as overdue */
const NO_HOLD_OVERDUE = new Date(0);
/** `b`: the bookings' alias with its dot, where another table of the statement has a status too */
const holdingAt = (now: string, b = "") => `${b}status not in ('cancelled', 'expired') and not ${overdueAt(now, b)}`;
const HOLDING = holdingAt("?");
/**
 * A court's booked slots, in order: no row when the court does not exist, one with a null slot
 * when nothing is booked.
 */
const BOOKED_SLOTS =
  "select b.time_slot from courts c left join bookings b on b.court_id = c.id and b.booking_date = ? and " +
  `${holdingAt("?", "b.")} where c.id = ? order by b.time_slot`;

// The availability of a court: its venue, its booked slots, the earliest expiry among the unpaid
// holds that still hold a slot (the answer changes then, with no write), and its own and its
// venue's blocks spanning the date (block-repository.sql.ts listForCourtOn), oldest first, as
// JSON objects with the table's column names. The aggregate subquery always gives one row.
const BLOCK_OBJECT = {
  sqlite: "json_object",
  postgresql: "json_build_object",
} as const;
const blockJson = (engine: Engine) =>
  `${BLOCK_OBJECT[engine]}('id', k.id, 'venue_id', k.venue_id, 'court_id', k.court_id, 'start_date', k.start_date, ` +
  "'end_date', k.end_date, 'time_slots', k.time_slots, 'weekdays', k.weekdays, 'reason', k.reason, 'note', k.note, 'created_at', k.created_at)";
const blocksOfCourtOn = (date: string) =>
  `from court_blocks k where (k.court_id = c.id or (k.court_id is null and k.venue_id = c.venue_id)) and k.start_date <= ${date} and k.end_date >= ${date}`;
const BLOCKS_OF_COURT = blocksOfCourtOn("?");
const UNPAID_HOLD_EXPIRY = "case when status = 'active' and paid_amount = 0 then hold_expires_at end";
/**
 * SQLite: one court's day (PostgreSQL reads several at once, below). No alias for the aggregate:
 * SQLite then names it "(subquery-N)" in query plans (hot-paths.test.ts).
 */
const COURT_AVAILABILITY_SQLITE =
  "select c.venue_id, slots, next_expiry, " +
  `(select json_group_array(json(block)) from (select ${blockJson("sqlite")} as block ${BLOCKS_OF_COURT} order by k.created_at)) as blocks ` +
  `from courts c, (select json_group_array(time_slot) as slots, min(${UNPAID_HOLD_EXPIRY}) as next_expiry from ` +
  `(select time_slot, status, paid_amount, hold_expires_at from bookings where court_id = ? and booking_date = ? and ${HOLDING} order by time_slot)) ` +
  "where c.id = ?";
/**
 * PostgreSQL: several courts' days in one statement, asked as a JSON array of { i, court_id, day,
 * at } (as insert_hold takes its booking) and answered by `i` (a court that does not exist has no row).
 */
const COURTS_AVAILABILITY_POSTGRESQL =
  "select q.i, c.venue_id, d.slots, d.next_expiry, " +
  `(select coalesce(json_agg(${blockJson("postgresql")} order by k.created_at), '[]'::json)::text ${blocksOfCourtOn("q.day")}) as blocks ` +
  "from jsonb_to_recordset(?::jsonb) as q(i integer, court_id text, day text, at timestamptz) join courts c on c.id = q.court_id, " +
  "lateral (select coalesce(json_agg(time_slot order by time_slot), '[]'::json)::text as slots, " +
  `min(${UNPAID_HOLD_EXPIRY}) as next_expiry from bookings where court_id = q.court_id and booking_date = q.day and ${holdingAt("q.at")}) d`;
/**
 * Availability reads sent together on PostgreSQL: those asked in one turn of the event loop go as
 * one statement, at most this many. Each read still begins after it was asked, so it sees every
 * booking committed before; 100 players reading at once made 100 round trips, each a write and a
 * read on a socket of the main thread (`npm run bench`, 27 November).
 */
const AVAILABILITY_READS_TOGETHER = 64;

/** Availability answers kept per process on SQLite (one court on one date each, about 300 bytes). */
const AVAILABILITY_CACHE_ENTRIES = 20_000;
/** Court lists kept per process on SQLite (one venue each, about 300 bytes a court without its picture). */
const COURT_LIST_CACHE_ENTRIES = 1_000;
/** A list longer than this (pictures stored inline) is read from the database every time. */
const COURT_LIST_MAX_CHARS = 64 * 1024;

interface CachedAvailability {
  readonly answer: CourtAvailability;
  /** the `now` it was read at: holds overdue then stay overdue later, not earlier */
  readonly from: number;
  /** the first expiry of an unpaid hold in the answer: it frees its slot then */
  readonly until: number;
}

// ---------------------------------------------------------------------------------------------
// a venue's day: every court's booked slots and the venue's blocks, in one statement

const JSON_ARRAY = { sqlite: "json_array", postgresql: "json_build_array" } as const;
const dayCourtJson = (engine: Engine, slots: string) =>
  `${BLOCK_OBJECT[engine]}('id', c.id, 'name', c.name, 'courtNumber', c.court_number, 'status', c.status, ` +
  `'prices', ${JSON_ARRAY[engine]}(c.day_singles_price, c.day_doubles_price, c.night_singles_price, c.night_doubles_price), 'slots', ${slots})`;
// per court through bookings_active_slot_unique (court_id, booking_date, time_slot), as a court's day
const HOLDING_B = holdingAt("?", "b.");
const venueBlocks = "from court_blocks k where k.venue_id = ? and k.start_date <= ? and k.end_date >= ?";
/**
 * Parameters: venue, then date and now for the slots, venue, then venue, date and now for the
 * first hold expiry, then venue, date, date for the blocks. The venue's window and release time
 * (null for an unknown venue) come first.
 */
const VENUE_DAY = {
  sqlite:
    "select (select json_array(window_days, release_time) from venues where id = ?) as rules, " +
    `(select json_group_array(json(court)) from (select ${dayCourtJson(
      "sqlite",
      `(select json_group_array(time_slot) from (select b.time_slot from bookings b where b.court_id = c.id and b.booking_date = ? and ${HOLDING_B} order by b.time_slot))`,
    )} as court from courts c where c.venue_id = ? order by c.court_number)) as courts, ` +
    // CROSS JOIN keeps SQLite's order: the venue's courts, then each one's day by bookings_active_slot_unique
    // (left to itself it read every venue's bookings of the date by bookings_date_idx)
    `(select min(case when b.status = 'active' and b.paid_amount = 0 then b.hold_expires_at end) from courts c cross join bookings b ` +
    `where b.court_id = c.id and c.venue_id = ? and b.booking_date = ? and ${HOLDING_B}) as next_expiry, ` +
    `(select json_group_array(json(block)) from (select ${blockJson("sqlite")} as block ${venueBlocks} order by k.created_at)) as blocks`,
  postgresql:
    "select (select json_build_array(window_days, release_time)::text from venues where id = ?) as rules, " +
    `(select coalesce(json_agg(${dayCourtJson(
      "postgresql",
      `(select coalesce(json_agg(b.time_slot order by b.time_slot), '[]'::json) from bookings b where b.court_id = c.id and b.booking_date = ? and ${HOLDING_B})`,
    )} order by c.court_number), '[]'::json)::text from courts c where c.venue_id = ?) as courts, ` +
    `(select min(case when b.status = 'active' and b.paid_amount = 0 then b.hold_expires_at end) from courts c join bookings b on b.court_id = c.id ` +
    `where c.venue_id = ? and b.booking_date = ? and ${HOLDING_B}) as next_expiry, ` +
    `(select coalesce(json_agg(${blockJson("postgresql")} order by k.created_at), '[]'::json)::text ${venueBlocks}) as blocks`,
} as const;

/** Venue days kept per process on SQLite (about 3 kB each for four courts). */
const VENUE_DAY_CACHE_ENTRIES = 5_000;

interface CachedVenueDay {
  readonly answer: VenueDay;
  readonly from: number;
  readonly until: number;
}

interface DayCourtRow {
  readonly id: string;
  readonly name: string;
  readonly courtNumber: number;
  readonly status: string;
  readonly prices: readonly [number, number, number, number];
  readonly slots: readonly TimeSlot[];
}

const dayCourtOf = (row: DayCourtRow): DayCourt => ({
  id: row.id,
  name: row.name,
  courtNumber: Number(row.courtNumber),
  status: row.status,
  prices: { daySingles: Number(row.prices[0]), dayDoubles: Number(row.prices[1]), nightSingles: Number(row.prices[2]), nightDoubles: Number(row.prices[3]) },
  bookedSlots: row.slots,
});

// ---------------------------------------------------------------------------------------------
// the month calendar of a venue

const CALENDAR_COLUMNS = "b.id, b.booking_date, b.time_slot, b.game_type, c.id as court_id, c.court_number, c.name as court_name";
const ACTIVE_IN_RANGE = "b.booking_date >= ? and b.booking_date <= ? and b.status not in ('cancelled', 'expired')";
const CALENDAR_ROWS = {
  sqlite:
    `select ${CALENDAR_COLUMNS} from courts c join bookings b on b.court_id = c.id where c.venue_id = ? and ${ACTIVE_IN_RANGE} ` +
    "order by b.booking_date, b.time_slot, c.court_number",
  // Per court through bookings_active_slot_unique: left to itself the planner scans every venue's
  // bookings of the month by date (bookings_date_idx: 34,000 rows for 2,000, 13 ms against 3 ms);
  // `offset 0` keeps the lateral subquery from being flattened into that plan.
  postgresql:
    `select ${CALENDAR_COLUMNS} from courts c cross join lateral ` +
    `(select b.* from bookings b where b.court_id = c.id and ${ACTIVE_IN_RANGE} offset 0) b where c.venue_id = ?`,
} as const;

const CALENDAR_BODY = {
  // ordered rows in, one array out: the aggregate takes the rows in the order the subquery gives
  sqlite:
    "(select json_group_array(json_object('id', id, 'bookingDate', booking_date || 'T00:00:00', 'date', booking_date, " +
    "'timeSlot', time_slot, 'gameType', game_type, 'court', json_object('id', court_id, 'courtNumber', court_number, 'name', court_name))) " +
    `from (${CALENDAR_ROWS.sqlite}))`,
  postgresql:
    "(select coalesce(json_agg(json_build_object('id', id, 'bookingDate', booking_date || 'T00:00:00', 'date', booking_date, " +
    "'timeSlot', time_slot, 'gameType', game_type, 'court', json_build_object('id', court_id, 'courtNumber', court_number, 'name', court_name)) " +
    `order by booking_date, time_slot, court_number), '[]'::json)::text from (${CALENDAR_ROWS.postgresql}) r)`,
} as const;

/**
 * What changed in the database since a stamp was read, exactly: PostgreSQL's snapshot (the set
 * of committed transactions; equal snapshots see equal data), SQLite's data_version (bumped by
 * every commit of another connection or process), to which SqlClient adds its own connection's
 * writes (SqlClient.localWrites). Coarse (any write anywhere invalidates) but never stale.
 */
const STAMP = {
  sqlite: "(select cast(data_version as text) from pragma_data_version)",
  postgresql: "pg_current_snapshot()::text",
} as const;

/** The stamp, the venue's existence, and the body only when the stamp differs from the one given. */
const STAMPED_CALENDAR = {
  sqlite:
    `select ${STAMP.sqlite} as stamp, exists (select 1 from venues where id = ?) as found, ` +
    `case when ${STAMP.sqlite} = ? then null else ${CALENDAR_BODY.sqlite} end as body`,
  postgresql:
    `select ${STAMP.postgresql} as stamp, exists (select 1 from venues where id = ?) as found, ` +
    `case when ${STAMP.postgresql} = ? then null else ${CALENDAR_BODY.postgresql} end as body`,
} as const;

/** Calendars kept per process, at most this many bytes (a busy month is about 0.5 MB). */
const CALENDAR_CACHE_BYTES = 8 * 1024 * 1024;
/**
 * Calendar statements in flight per process. Each may build a whole calendar (0.5 MB of text,
 * twice over with its Buffer); 100 readers arriving together on a cold or changed calendar would
 * build it 100 times at once. Queued, they find it cached and the database answers "unchanged".
 */
const CALENDAR_STATEMENTS_AT_ONCE = 4;

interface CachedCalendar {
  readonly stamp: string;
  readonly localWrites: number;
  readonly body: Buffer;
}

export const sqlCatalogQueries = (sql: SqlClient): CatalogQueries => {
  const cache = new Map<string, CachedCalendar>();
  let cachedBytes = 0;
  const limited = concurrencyLimit(CALENDAR_STATEMENTS_AT_ONCE);
  const forget = (key: string) => {
    const old = cache.get(key);
    if (old === undefined) return;
    cache.delete(key);
    cachedBytes -= old.body.length;
  };
  const keep = (key: string, entry: CachedCalendar) => {
    forget(key);
    if (entry.body.length > CALENDAR_CACHE_BYTES) return;
    cache.set(key, entry);
    cachedBytes += entry.body.length;
    for (const oldest of cache.keys()) {
      if (cachedBytes <= CALENDAR_CACHE_BYTES) break;
      forget(oldest);
    }
  };

  const calendarJson = async (venueId: string, from: string, to: string): Promise<Buffer | null> => {
    const rowsParams = sql.engine === "sqlite" ? [venueId, from, to] : [from, to, venueId];
    if (!sql.tracksChanges) {
      const row = await sql.one(`select exists (select 1 from venues where id = ?) as found, ${CALENDAR_BODY[sql.engine]} as body`, [
        venueId,
        ...rowsParams,
      ]);
      return row && bool(row, "found") ? Buffer.from(str(row, "body")) : null;
    }
    // Read before the statement: a write counted after it was read can only cause a spare rebuild.
    const localWrites = sql.localWrites;
    const key = `${venueId}|${from}|${to}`;
    const cached = cache.get(key);
    const known = cached !== undefined && cached.localWrites === localWrites ? cached.stamp : "";
    const row = await sql.one(STAMPED_CALENDAR[sql.engine], [venueId, known, ...rowsParams]);
    if (!row || !bool(row, "found")) {
      forget(key);
      return null;
    }
    // no body: the database confirmed that nothing changed since `known` was read
    if (row.body == null && cached !== undefined && known !== "") return cached.body;
    const body = Buffer.from(str(row, "body"));
    keep(key, { stamp: str(row, "stamp"), localWrites, body });
    return body;
  };

  // Availability answers, valid while the availability counter stands (the triggers of migration
  // ...001900), checked through the file's stamp (DataChanges): a commit that did not move it (a
  // session, a rate limit, a notification was written) leaves the answers standing. The courts of
  // a venue are kept the same way, under their own counter (migration ...000200): any write to a
  // court, or a venue removed. Availability only on SQLite in WAL mode, where the stamp costs no
  // statement; the court lists also on PostgreSQL, while its change notices are heard.
  const availability = new Map<string, CachedAvailability>();
  let availabilityCounter: number | undefined;
  /** moves on each time the availability cache is emptied */
  let generation = 0;
  const courtLists = keptWhileCounter<JsonText<readonly CourtAnswer[]>>(
    sql.changes,
    "courts",
    COURT_LIST_CACHE_ENTRIES,
    (body) => body.length <= COURT_LIST_MAX_CHARS,
  );

  /** A court's day in the availability cache: the one key both the kept and the awaited reads use. */
  const dayKey = (courtId: string, date: string) => `${courtId}|${date}`;
  /** A kept day's answer, if it still holds at `now` (no unpaid hold in it has run out). */
  const keptAt = (cached: CachedAvailability | undefined, now: Date): CourtAvailability | undefined => {
    const at = now.getTime();
    return cached !== undefined && cached.from <= at && at < cached.until ? cached.answer : undefined;
  };

  /** Whether the availability cache may answer now (emptied first when its counter moved), or this read must go to the database. */
  const availabilityUsable = async (): Promise<boolean> => {
    const counters = await sql.changes.now();
    // not known at this moment: the cache stays as it is, unused by this read
    if (counters === null) return false;
    const counter = counters.get("availability");
    if (counter !== availabilityCounter) {
      availability.clear();
      generation++;
      availabilityCounter = counter;
    }
    return counter !== undefined;
  };

  const readVenueCourts = async (venueId: string) => {
    const row = await sql.one(VENUE_COURTS[sql.engine], [venueId, venueId]);
    return row && bool(row, "found") ? (str(row, "body") as JsonText<readonly CourtAnswer[]>) : undefined;
  };

  const availabilityTogether = inOneTurn<{ courtId: string; date: string; now: Date }, Row | undefined>(
    AVAILABILITY_READS_TOGETHER,
    async (asked) => {
      const rows = await sql.all(COURTS_AVAILABILITY_POSTGRESQL, [
        JSON.stringify(asked.map((a, i) => ({ i, court_id: a.courtId, day: a.date, at: iso(a.now) }))),
      ]);
      const byPosition = new Map(rows.map((row) => [Number(row["i"]), row]));
      return asked.map((_, i) => byPosition.get(i));
    },
  );
  const readAvailability = async (courtId: string, date: string, now: Date): Promise<{ answer: CourtAvailability; until: number } | undefined> => {
    const row =
      sql.engine === "postgresql"
        ? await availabilityTogether({ courtId, date, now })
        : await sql.one(COURT_AVAILABILITY_SQLITE, [date, date, courtId, date, iso(now), courtId]);
    if (!row) return undefined;
    const blocks = (JSON.parse(str(row, "blocks")) as Row[]).map(toBlock);
    const answer = { date, bookedSlots: JSON.parse(str(row, "slots")) as TimeSlot[], venueId: str(row, "venue_id"), blocks };
    return { answer, until: instantOrNull(row, "next_expiry")?.getTime() ?? Infinity };
  };

  // Venue days, kept on SQLite by the rule of the availability answers above, under the courts
  // counter too (a court renamed, repriced or closed changes the day without touching bookings).
  const venueDays = new Map<string, CachedVenueDay>();
  /** each day's last read text and what it gave, compared, never trusted: a new read is still made */
  const lastRead = new Map<string, { readonly courtsText: string; readonly blocksText: string; readonly rulesText: string; readonly answer: VenueDay }>();
  let venueDaysUnder: string | undefined;
  /** the counters object last turned into a key: DataChanges gives the same object while the file's stamp stands */
  let keyedCounters: ReadonlyMap<string, number> | undefined;
  let keyedAs: string | undefined;
  const countersKey = (counters: ReadonlyMap<string, number>) => {
    if (counters === keyedCounters) return keyedAs;
    const availability = counters.get("availability");
    const courts = counters.get("courts");
    keyedCounters = counters;
    keyedAs = availability === undefined || courts === undefined ? undefined : `${availability}|${courts}`;
    return keyedAs;
  };
  const keptDay = (cached: CachedVenueDay | undefined, now: Date): VenueDay | undefined => {
    const at = now.getTime();
    return cached !== undefined && cached.from <= at && at < cached.until ? cached.answer : undefined;
  };
  const readVenueDay = async (venueId: string, date: string, now: Date): Promise<CachedVenueDay | undefined> => {
    const at = iso(now);
    const row = await sql.one(VENUE_DAY[sql.engine], [venueId, date, at, venueId, venueId, date, at, venueId, date, date]);
    const rulesText = row ? strOrNull(row, "rules") : null;
    if (!row || rulesText === null) return undefined;
    const until = instantOrNull(row, "next_expiry")?.getTime() ?? Infinity;
    const courtsText = str(row, "courts");
    const blocksText = str(row, "blocks");
    // The same text as the last read of this day: the same day, given as the same object, whose
    // answer and its bytes are already built (PostgreSQL reads every time; a day rarely changes).
    const key = dayKey(venueId, date);
    const last = lastRead.get(key);
    if (last !== undefined && last.courtsText === courtsText && last.blocksText === blocksText && last.rulesText === rulesText)
      return { answer: last.answer, from: now.getTime(), until };
    const courts = (JSON.parse(courtsText) as DayCourtRow[]).map(dayCourtOf);
    const blocks = (JSON.parse(blocksText) as Row[]).map(toBlock);
    const [windowDays, releaseTime] = JSON.parse(rulesText) as [number, string | null];
    const answer: VenueDay = { venueId, date, courts, blocks, rules: { windowDays: Number(windowDays), releaseTime } };
    keepNewest(lastRead, key, { courtsText, blocksText, rulesText, answer }, VENUE_DAY_CACHE_ENTRIES);
    return { answer, from: now.getTime(), until };
  };

  return {
    keptVenueDay(venueId, date, now) {
      const counters = sql.changes.known();
      if (counters === undefined || countersKey(counters) !== venueDaysUnder) return undefined;
      return keptDay(venueDays.get(dayKey(venueId, date)), now);
    },
    async venueDay(venueId, date, now) {
      const counters = await sql.changes.now();
      const under = counters === null ? undefined : countersKey(counters);
      if (under === undefined) return (await readVenueDay(venueId, date, now))?.answer;
      if (under !== venueDaysUnder) {
        venueDays.clear();
        venueDaysUnder = under;
      }
      const key = dayKey(venueId, date);
      const kept = keptDay(venueDays.get(key), now);
      if (kept !== undefined) return kept;
      const read = await readVenueDay(venueId, date, now);
      if (read === undefined) return undefined;
      // kept only if no counter moved while it was read (it began after they were read)
      if (venueDaysUnder === under) keepNewest(venueDays, key, read, VENUE_DAY_CACHE_ENTRIES);
      return read.answer;
    },
    keptCourtAvailability(courtId, date, now) {
      // the cache as courtAvailability would find it: a counter that moved empties it there first
      const counter = sql.changes.known()?.get("availability");
      if (counter === undefined || counter !== availabilityCounter) return undefined;
      return keptAt(availability.get(dayKey(courtId, date)), now);
    },
    async courtAvailability(courtId, date, now) {
      if (!(await availabilityUsable())) return (await readAvailability(courtId, date, now))?.answer;
      const key = dayKey(courtId, date);
      const at = now.getTime();
      const kept = keptAt(availability.get(key), now);
      if (kept !== undefined) return kept;
      const readIn = generation;
      const read = await readAvailability(courtId, date, now);
      if (read === undefined) return undefined;
      // Kept unless the cache was emptied meanwhile. Its statement began after the counter was
      // last checked, so it saw at least that state: any commit that changes its answer moves the
      // counter past the checked value, and the check of the next stamp empties the cache.
      if (generation === readIn) keepNewest(availability, key, { answer: read.answer, from: at, until: read.until }, AVAILABILITY_CACHE_ENTRIES);
      return read.answer;
    },
    async courtDay(courtId, date, now) {
      const rows = await sql.all(BOOKED_SLOTS, [date, iso(now ?? NO_HOLD_OVERDUE), courtId]);
      if (rows.length === 0) return undefined;
      return { date, bookedSlots: rows.flatMap((row) => (row.time_slot == null ? [] : [str(row, "time_slot")])) };
    },
    // an unknown venue is not kept: one created later is found at once
    venueCourts: (venueId) => courtLists(venueId, () => readVenueCourts(venueId)),
    venueMonth: async (venueId, from, to) => {
      const body: Uint8Array | null = await limited(() => calendarJson(venueId, from, to));
      return body === null ? undefined : (body as JsonBytes<readonly CalendarEntryAnswer[]>);
    },
  };
};
