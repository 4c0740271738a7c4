import { randomUUID } from "node:crypto";
import {
  addDays,
  bandOf,
  breakdown,
  DEFAULT_PRICES,
  instantOf,
  localDateOf,
  ownShare,
  priceForSlot,
  SLOTS,
  type GameType,
  type LocalDate,
} from "@courts/core";
import { argon2Hasher } from "@courts/adapters/auth/argon2-hasher";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import { REBUILD_PLAYER_HISTORY_COUNTS } from "@courts/adapters/sql/migrations/Migration20261125000100_player_history_counts";
import { rebuildOwnerReports } from "@courts/adapters/sql/migrations/Migration20261208000400_owner_reports";
import { rebuildTransactionDays } from "@courts/adapters/sql/migrations/Migration20261208001100_transaction_days";
import type { Param, SqlTx } from "@courts/adapters/sql/sql-client";

/**
 * A realistic database for `npm run bench`, written after the migrations through the same schema
 * with raw multi-row INSERTs (seconds, not minutes): 20 venues x 6 courts, 61 days of bookings
 * (30 days back, 30 ahead) at 60% occupancy on average (75% at the busiest venue down to 45%),
 * a few cancelled bookings, the payments of those bookings with gapless invoice numbers and the
 * invoice counters that follow them, and 2,000 players. Deterministic (a seeded PRNG).
 *
 * `scale` N > 1 adds N - 1 copies of that 61-day window further back in time (ids, intents and
 * invoice numbers of their own), made by the database with INSERT ... SELECT: ten times the
 * history in seconds. Player 0 is the heavy one: 0.5% of every booking (about 375 at 1x).
 */

export const VENUES = 20;
export const COURTS_PER_VENUE = 6;
export const DAYS_BACK = 30;
export const DAYS_AHEAD = 30;
export const PLAYERS = 2_000;
/**
 * players who log in, book and download invoices during the bench. Their bookings stay unpaid
 * holds until the next run of create booking removes them, and MAX_UNPAID_BOOKINGS allows at most
 * 1,000 per player: 400 players keep a run (13 s with its warm-up) under it up to 30,000 req/s,
 * and each holds fewer at once (the hold's check counts them, up to the limit).
 */
export const BENCH_USERS = 400;
export const BENCH_PASSWORD = "bench-password-2026";
/** the busiest venue (index 0) fills 75% of its slots; the quietest 45%; the mean is 60% */
const occupancyOf = (venue: number) => 0.75 - (0.3 * venue) / (VENUES - 1);
const CANCELLED_SHARE = 0.04;
/** the share of every booking made by player 0, the heavy player of the bench */
const HEAVY_SHARE = 0.005;
const WINDOW_DAYS = DAYS_BACK + DAYS_AHEAD + 1;

export interface SeededCourt {
  readonly id: string;
  readonly venueId: string;
}

export interface Seeded {
  readonly venueIds: readonly string[];
  readonly courts: readonly SeededCourt[];
  /** the busiest venue and its busiest whole month */
  readonly calendar: { readonly venueId: string; readonly year: number; readonly month: number; readonly bookings: number };
  /** dates that hold bookings: availability reads pick among them */
  readonly bookedDates: readonly LocalDate[];
  /** the first date after the seeded window: every slot from here to the horizon is free */
  readonly freeFrom: LocalDate;
  readonly benchUsers: readonly { readonly id: string; readonly username: string }[];
  /** succeeded payments (with an invoice) of each bench user */
  readonly invoices: readonly { readonly userIndex: number; readonly paymentId: string }[];
  readonly counts: { readonly users: number; readonly bookings: number; readonly cancelled: number; readonly payments: number };
  /** the heavy player (bench user 0) and how many bookings and payments they hold */
  readonly heavy: { readonly userIndex: number; readonly bookings: number; readonly payments: number };
  readonly scale: number;
  readonly seconds: number;
}

/** mulberry32: small, fast, reproducible */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const ROWS_PER_STATEMENT = 500;

const insertAll = async (tx: SqlTx, table: string, columns: readonly string[], rows: readonly Param[][]): Promise<void> => {
  const one = `(${columns.map(() => "?").join(", ")})`;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    await tx.run(`insert into ${table} (${columns.join(", ")}) values ${chunk.map(() => one).join(", ")}`, chunk.flat());
  }
};

const iso = (d: Date) => d.toISOString();

/** Migrates the empty database at `url` and fills it; `today` is the club's local date. */
export const seedBenchDatabase = async (url: string, timeZone: string, scale = 1): Promise<Seeded> => {
  const started = performance.now();
  let last = started;
  const lap = (what: string) => {
    if (process.env.BENCH_SEED_TIMES) console.info(`  seed: ${what} ${((performance.now() - last) / 1000).toFixed(1)} s`);
    last = performance.now();
  };
  const random = prng(20_261_121);
  const today = localDateOf(new Date(), timeZone);
  const first = addDays(today, -DAYS_BACK);
  const days = Array.from({ length: DAYS_BACK + DAYS_AHEAD + 1 }, (_, i) => addDays(first, i));
  const epoch = new Date(instantOf(first, "06:00", timeZone).getTime() - 90 * 86_400_000);

  const db: SqlDatabase = await openSqlDatabase(url);
  try {
    await db.migrate();
    // One hash for every player (they share the bench password): a login costs a real argon2id verify.
    const passwordHash = await argon2Hasher().hash(BENCH_PASSWORD);

    const users: Param[][] = [];
    const userIds: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const id = randomUUID();
      const username = `jugador${String(i).padStart(4, "0")}`;
      const email = `${username}@example.test`;
      userIds.push(id);
      users.push([id, username, email, username, email, passwordHash, false, iso(epoch), true]);
    }

    const venues: Param[][] = [];
    const courtRows: Param[][] = [];
    const venueIds: string[] = [];
    const courts: (SeededCourt & { name: string; number: number; venue: number; venueName: string })[] = [];
    for (let v = 0; v < VENUES; v++) {
      const id = randomUUID();
      const name = `Club de Tenis ${v + 1}`;
      venueIds.push(id);
      venues.push([id, name, `Avenida ${v + 1}, Guayaquil`, "Canchas de arcilla y cemento, vestidores y cafetería.", null, null, iso(epoch)]);
      for (let c = 1; c <= COURTS_PER_VENUE; c++) {
        const court = { id: randomUUID(), venueId: id, name: `Cancha ${c}`, number: c, venue: v, venueName: name };
        courts.push(court);
        const p = DEFAULT_PRICES;
        courtRows.push([court.id, id, court.name, c, "available", null, null, p.daySingles, p.dayDoubles, p.nightSingles, p.nightDoubles, iso(epoch)]);
      }
    }

    const bookings: Param[][] = [];
    const payments: Param[][] = [];
    const invoiceCounters = new Map<number, number>();
    const invoices: { userIndex: number; paymentId: string }[] = [];
    const perMonth = new Map<string, number>();
    for (const court of courts) {
      const occupancy = occupancyOf(court.venue);
      for (const date of days)
        for (const slot of SLOTS) {
          const booked = random() < occupancy;
          if (!booked && random() >= CANCELLED_SHARE / (1 - occupancy)) continue;
          const userIndex = random() < HEAVY_SHARE ? 0 : Math.floor(random() * PLAYERS);
          const gameType: GameType = random() < 0.7 ? "singles" : "doubles";
          const total = priceForSlot(DEFAULT_PRICES, slot, gameType);
          const start = instantOf(date, slot, timeZone);
          const createdAt = new Date(start.getTime() - (1 + Math.floor(random() * 20)) * 86_400_000);
          const id = randomUUID();
          if (!booked) {
            // a cancelled booking leaves its slot free (the partial unique index ignores it)
            bookings.push([
              id, userIds[userIndex]!, court.id, date, slot, gameType, bandOf(slot), total, 0, "cancelled",
              "Cambio de planes", 100, iso(createdAt), iso(new Date(createdAt.getTime() + 3_600_000)),
            ]);
            continue;
          }
          if (court.venue === 0) perMonth.set(date.slice(0, 7), (perMonth.get(date.slice(0, 7)) ?? 0) + 1);
          // the past is paid in full; ahead, 45% paid in full, 20% one share, the rest not yet
          const r = random();
          const paid = date < today || r < 0.45 ? total : r < 0.65 ? ownShare(total, gameType) : 0;
          bookings.push([
            id, userIds[userIndex]!, court.id, date, slot, gameType, bandOf(slot), total, paid, "active", null, null, iso(createdAt), null,
          ]);
          if (paid === 0) continue;
          const discounted = random() < 0.1;
          const b = breakdown(paid, discounted ? { type: "percentage", value: 10 } : undefined);
          const paidAt = new Date(createdAt.getTime() + 5 * 60_000);
          const year = paidAt.getUTCFullYear();
          const n = (invoiceCounters.get(year) ?? 0) + 1;
          invoiceCounters.set(year, n);
          const paymentId = randomUUID();
          if (userIndex < BENCH_USERS) invoices.push({ userIndex, paymentId });
          payments.push([
            paymentId, id, userIds[userIndex]!, paid === total ? "full" : "partial", "succeeded", b.amount, b.discount,
            discounted ? "CLUB10" : null, null, b.fee, b.net, 0, `pi_sim_${randomUUID().replaceAll("-", "")}`, null,
            `${year}-${String(n).padStart(6, "0")}`, iso(createdAt), iso(paidAt), court.venueName, court.name, court.number,
            date, slot, gameType,
          ]);
        }
    }

    lap("rows built");
    const triggers = await withoutCountingTriggers(db);
    const indexes = await withoutIndexes(db, ["bookings", "payments"]);
    await db.sql.transaction(async (tx) => {
      if (db.engine === "sqlite") await tx.run("pragma cache_size = -262144");
      // confirmed accounts: an unconfirmed one may hold one unpaid booking (DESIGN.md section 13), and the bench holds many
      await insertAll(tx, "users", ["id", "username", "email", "username_key", "email_key", "password_hash", "is_admin", "created_at", "email_verified"], users);
      await insertAll(tx, "venues", ["id", "name", "location", "description", "image_url", "image_data", "created_at"], venues);
      await insertAll(
        tx,
        "courts",
        ["id", "venue_id", "name", "court_number", "status", "image_url", "image_data", "day_singles_price", "day_doubles_price",
          "night_singles_price", "night_doubles_price", "created_at"],
        courtRows,
      );
      await insertAll(
        tx,
        "bookings",
        ["id", "user_id", "court_id", "booking_date", "time_slot", "game_type", "tariff_type", "total_amount", "paid_amount", "status",
          "cancellation_reason", "refund_percentage", "created_at", "cancelled_at"],
        bookings,
      );
      await insertAll(
        tx,
        "payments",
        ["id", "booking_id", "user_id", "kind", "status", "amount", "discount", "discount_code", "discount_code_id", "stripe_fee",
          "net_amount", "refunded_amount", "stripe_payment_intent_id", "share_token", "invoice_number", "created_at", "paid_at",
          "venue_name", "court_name", "court_number", "booking_date", "time_slot", "game_type"],
        payments,
      );
      // the next real payment continues the seeded numbering
      await insertAll(tx, "invoice_counters", ["year", "last_number"], [...invoiceCounters].map(([year, n]) => [year, n]));
      lap("base rows");
      if (scale > 1) await copyHistory(tx, db.engine, scale, first);
      lap("copies");
      await indexes.restore(tx);
      lap("indexes");
      await rebuildPaymentTotals(tx, db.engine);
      await tx.run("delete from player_history_counts");
      await tx.run(REBUILD_PLAYER_HISTORY_COUNTS);
      // the owner's reports: every payment's venue and court, and the aggregates from the rows
      for (const statement of rebuildOwnerReports(db.engine === "postgresql")) await tx.run(statement);
      // the transactions' counts per payment day, month and venue (after the payments' venues above)
      for (const statement of rebuildTransactionDays(db.engine === "postgresql")) await tx.run(statement);
      lap("totals");
    });
    await triggers.restore();
    // A club that has been running sent today's reminders on their day: the server starts with no
    // backlog of mail to write (the rows written here carry no events, so no reactions wait either).
    const sentAt = iso(new Date());
    await db.sql.run(
      "insert into reminders_sent (booking_id, sent_at) select id, ? from bookings where booking_date >= ? and booking_date <= ? and status in ('active', 'confirmed')",
      [sentAt, addDays(today, -1), addDays(today, 2)],
    );
    // what autovacuum does to a table at rest: statistics, and a visibility map for index-only scans
    if (db.engine === "postgresql") await db.sql.run("vacuum analyze");

    // the busiest whole month of the busiest venue (61 days always hold one whole month)
    const whole = [...perMonth.keys()].filter((m) => days.includes(`${m}-01`) && days.includes(addDays(`${nextMonth(m)}-01`, -1)));
    const month = whole.sort((a, b) => (perMonth.get(b) ?? 0) - (perMonth.get(a) ?? 0))[0];
    if (month === undefined) throw new Error("no whole month in the seeded window");
    const checked = await db.sql.one(
      "select count(*) as n from bookings b join courts c on c.id = b.court_id " +
        "where c.venue_id = ? and b.booking_date >= ? and b.booking_date <= ? and b.status <> 'cancelled'",
      [venueIds[0]!, `${month}-01`, addDays(`${nextMonth(month)}-01`, -1)],
    );
    const calendarCount = Number(checked?.n ?? 0);

    const count = async (sql: string, params: Param[] = []) => Number((await db.sql.one(sql, params))?.n ?? 0);
    const heavyId = userIds[0]!;
    const heavy = {
      userIndex: 0,
      bookings: await count("select count(*) as n from bookings where user_id = ?", [heavyId]),
      payments: await count("select count(*) as n from payments where user_id = ?", [heavyId]),
    };
    return {
      scale,
      heavy,
      venueIds,
      courts: courts.map(({ id, venueId }) => ({ id, venueId })),
      calendar: { venueId: venueIds[0]!, year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)), bookings: calendarCount },
      bookedDates: days,
      freeFrom: addDays(today, DAYS_AHEAD + 1),
      benchUsers: userIds.slice(0, BENCH_USERS).map((id, i) => ({ id, username: `jugador${String(i).padStart(4, "0")}` })),
      invoices,
      counts: {
        users: users.length,
        bookings: await count("select count(*) as n from bookings"),
        cancelled: await count("select count(*) as n from bookings where status = 'cancelled'"),
        payments: await count("select count(*) as n from payments"),
      },
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await db.close();
  }
};

/**
 * Copies k = 1 .. scale - 1 of the seeded window, each WINDOW_DAYS further back. A copy's id is
 * the original's with its first 8 hex digits replaced by k (still a UUID); intents and invoice
 * numbers get a prefix of their copy, so every unique index holds.
 */
const copyHistory = async (tx: SqlTx, engine: "sqlite" | "postgresql", scale: number, first: LocalDate) => {
  const pg = engine === "postgresql";
  const copies = pg ? "generate_series(1, ?) as ks(k)" : "(with recursive ks(k) as (select 1 union all select k + 1 from ks where k < ?) select k from ks) ks";
  const id = (column: string) => (pg ? `lpad(to_hex(k), 8, '0') || substr(${column}, 9)` : `printf('%08x', k) || substr(${column}, 9)`);
  const date = (column: string) =>
    pg ? `to_char(${column}::date - ${WINDOW_DAYS} * k, 'YYYY-MM-DD')` : `date(${column}, '-' || (${WINDOW_DAYS} * k) || ' days')`;
  const instant = (column: string) =>
    pg
      ? `${column} - make_interval(days => ${WINDOW_DAYS} * k)`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '-' || (${WINDOW_DAYS} * k) || ' days')`;
  await tx.run(
    "insert into bookings (id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, status, " +
      "cancellation_reason, refund_percentage, created_at, cancelled_at) " +
      `select ${id("id")}, user_id, court_id, ${date("booking_date")}, time_slot, game_type, tariff_type, total_amount, paid_amount, status, ` +
      `cancellation_reason, refund_percentage, ${instant("created_at")}, case when cancelled_at is null then null else ${instant("cancelled_at")} end ` +
      // in the order of the new ids: the primary key index grows at its end instead of page by random page
      `from bookings, ${copies} where booking_date >= ? order by 1`,
    [scale - 1, first],
  );
  await tx.run(
    "insert into payments (id, booking_id, user_id, kind, status, amount, discount, discount_code, discount_code_id, stripe_fee, net_amount, " +
      "refunded_amount, stripe_payment_intent_id, share_token, invoice_number, created_at, paid_at, venue_name, court_name, court_number, " +
      "booking_date, time_slot, game_type) " +
      `select ${id("id")}, ${id("booking_id")}, user_id, kind, status, amount, discount, discount_code, discount_code_id, stripe_fee, net_amount, ` +
      `refunded_amount, 'pi_h' || k || '_' || stripe_payment_intent_id, share_token, 'H' || k || '-' || invoice_number, ` +
      `${instant("created_at")}, ${instant("paid_at")}, venue_name, court_name, court_number, ${date("booking_date")}, time_slot, game_type ` +
      `from payments, ${copies} where booking_date >= ? order by 1`,
    [scale - 1, first],
  );
};

/**
 * The triggers that keep payment_totals, player_history_counts and the owner's reports fire once per row: for a bulk
 * seed those are built once at the end instead (what their migrations do for the rows they find),
 * then the triggers return.
 */
const withoutCountingTriggers = async (db: SqlDatabase): Promise<{ restore(): Promise<void> }> => {
  if (db.engine === "postgresql") {
    await db.sql.run("alter table payments disable trigger user");
    await db.sql.run("alter table bookings disable trigger bookings_history_count");
    await db.sql.run("alter table bookings disable trigger bookings_reports_write");
    return {
      restore: async () => {
        await db.sql.run("alter table payments enable trigger user");
        await db.sql.run("alter table bookings enable trigger bookings_history_count");
        await db.sql.run("alter table bookings enable trigger bookings_reports_write");
      },
    };
  }
  const rows = await db.sql.all(
    "select name, sql from sqlite_master where type = 'trigger' and (tbl_name = 'payments' or name like 'bookings_history_count_%' or name like 'bookings_reports_%')",
  );
  for (const r of rows) await db.sql.run(`drop trigger ${String(r.name)}`);
  return { restore: async () => { for (const r of rows) await db.sql.run(String(r.sql)); } };
};

/** Secondary indexes are built once from the sorted rows instead of row by row: much faster for bulk data. */
const withoutIndexes = async (db: SqlDatabase, tables: readonly string[]): Promise<{ restore(tx: SqlTx): Promise<void> }> => {
  const list = tables.map(() => "?").join(", ");
  const rows =
    db.engine === "postgresql"
      ? await db.sql.all(
          "select i.indexname as name, i.indexdef as sql from pg_indexes i " +
            `where i.schemaname = current_schema() and i.tablename in (${list}) and i.indexname not in ` +
            "(select conname from pg_constraint where contype in ('p', 'u'))",
          [...tables],
        )
      : await db.sql.all(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${list})`, [...tables]);
  for (const r of rows) await db.sql.run(`drop index ${String(r.name)}`);
  return { restore: async (tx) => { for (const r of rows) await tx.run(String(r.sql)); } };
};

const rebuildPaymentTotals = async (tx: SqlTx, engine: "sqlite" | "postgresql") => {
  const bucket = engine === "postgresql" ? "right(id, 1)" : "substr(id, -1)";
  const settled = "(status in ('succeeded', 'refunded') and paid_at is not null)";
  const sumWhen = (cond: string, value: string) => `coalesce(sum(case when ${cond} then ${value} else 0 end), 0)`;
  await tx.run("delete from payment_totals");
  await tx.run(
    "insert into payment_totals (bucket, payments_count, pending_count, succeeded_count, failed_count, refunded_count, pending_amount, " +
      "settled_count, settled_gross, settled_discounts, settled_fees, settled_refunds) " +
      `select ${bucket}, count(*), ${sumWhen("status = 'pending'", "1")}, ${sumWhen("status = 'succeeded'", "1")}, ` +
      `${sumWhen("status = 'failed'", "1")}, ${sumWhen("status = 'refunded'", "1")}, ${sumWhen("status = 'pending'", "amount - discount")}, ` +
      `${sumWhen(settled, "1")}, ${sumWhen(settled, "amount")}, ${sumWhen(settled, "discount")}, ${sumWhen(settled, "stripe_fee")}, ` +
      `${sumWhen(settled, "refunded_amount")} from payments group by ${bucket}`,
  );
};

const nextMonth = (yearMonth: string): string => {
  const [y, m] = yearMonth.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
};
