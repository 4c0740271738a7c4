/**
 * `npm run bench`: the real server (compiled, NODE_ENV=production) on a fresh database filled with
 * a realistic load (seed.ts), then autocannon against each hot endpoint and a bare route served by
 * the same process (BENCH_BARE_ROUTE=1), on SQLite and, when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, on PostgreSQL. Prints req/s, p50, p99 and the ratio to the bare route.
 * An endpoint with a target is measured in 2 s turns with the baselines of its targets (the bare
 * route; plain Fastify, plain-fastify.mjs, for a target against it: measureInterleaved), and its
 * ratios come from those turns.
 *
 *   npm run bench                      # 100 connections, 3 s warm-up + 10 s per endpoint
 *   npm run bench -- --quick           # smoke run: 1 s warm-up + 2 s per endpoint
 *   npm run bench -- --runs 3          # every endpoint 3 times, medians reported
 *   npm run bench -- --json out.json   # { engine: { endpoint: { rps, p50, p99, ratio, rssMb } }, machine: { before, after } }
 *   options: --seconds N --warmup N --connections N --engines sqlite,postgresql --log-level info
 *            --no-build --check (exit 1 when a target is missed)
 *            --cpu-prof DIR (the server writes a V8 CPU profile there when it stops: where the time goes)
 *            --node-args "..." (flags for the server's node only, e.g. a V8 heap setting to compare)
 *   npm run bench -- --scale 10        # ten times the history (seed.ts), plus the history endpoints
 *   npm run bench -- --scale 1,10      # both, one after the other per engine, compared: 10x keeps >= 0.7 of
 *                                      # 1x's req/s and <= 1.5x its p99, peak RSS <= 1.2x; answers <= 1 MiB;
 *                                      # and the whole transactions CSV export, with the server's memory during it
 *   options: --endpoints availability,transactions,...   (only these, plus the bare route)
 *   npm run bench -- --scenario release   # the release minute (release.ts): 500 players at once, first-come
 *                                         # and ballot, 3 runs each unless --runs; --modes first-come,ballot
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { addDays, DEFAULT_TIME_ZONE, SLOTS } from "@courts/core";
import { openSqlDatabase } from "@courts/adapters/sql/index";
import { load, type BenchRequest, type LoadResult } from "./load.js";
import { describeMachine, machineState } from "./machine.js";
import { median } from "./median.js";
import { releaseScenario } from "./release.js";
import { seedOpenMatches } from "./open-matches.js";
import { BENCH_PASSWORD, BENCH_USERS, DAYS_AHEAD, seedBenchDatabase, type Seeded } from "./seed.js";
import { buildServer, START_SETTINGS, startServer, type ServerProcess } from "./server-process.js";

type Engine = "sqlite" | "postgresql";
type Endpoint =
  | "plain"
  | "bare"
  | "availability"
  | "venueAvailability"
  | "venueCourts"
  | "monthCalendar"
  | "createBooking"
  | "invoicePdf"
  | "login"
  | "availabilityDuringLogins"
  | "transactions"
  | "stats"
  | "heavyBookings"
  | "heavyPayments"
  | "transactionsFirst"
  | "transactionsLast"
  | "transactionsDated"
  | "transactionsGames"
  | "transactionsVenue"
  | "occupancyReport"
  | "revenueReport"
  | "revenueYear"
  | "reportSummary"
  | "openMatches";

/**
 * `target` is the ratio to the bare route of the same process; `plainTarget` the ratio to a plain
 * Fastify process with no plugins (plain-fastify.mjs), measured in the same run: what the whole
 * stack (helmet, session, compression, logs) costs shows in the second ratio, not the first.
 */
const ENDPOINTS: readonly {
  key: Endpoint;
  label: string;
  target: Record<Engine, number> | null;
  plainTarget?: Partial<Record<Engine, number>>;
}[] = [
  { key: "plain", label: "plain Fastify (baseline 2)", target: null },
  { key: "bare", label: "bare route (baseline)", target: null },
  { key: "availability", label: "availability of a court", target: { sqlite: 0.5, postgresql: 0.2 }, plainTarget: { sqlite: 0.5 } },
  // the venue page's day grid, for everyone: every court's 16 hours (DESIGN.md section 14)
  { key: "venueAvailability", label: "availability of a venue's day", target: { sqlite: 0.5, postgresql: 0.1 }, plainTarget: { sqlite: 0.5 } },
  { key: "venueCourts", label: "courts of a venue", target: { sqlite: 0.5, postgresql: 0.2 } },
  { key: "monthCalendar", label: "venue month calendar", target: { sqlite: 0.05, postgresql: 0.05 } },
  { key: "createBooking", label: "create booking", target: { sqlite: 0.15, postgresql: 0.1 } },
  { key: "invoicePdf", label: "invoice PDF", target: { sqlite: 0.02, postgresql: 0.02 } },
  { key: "login", label: "login (argon2id)", target: null },
  // what a burst of logins leaves to everyone else: availability while 50 more connections log in
  { key: "availabilityDuringLogins", label: "availability, logins", target: null },
  // the public list of open matches (DESIGN.md section 17), 1,000 open and scale x 1,000 of days gone by (open-matches.ts)
  { key: "openMatches", label: "open matches, a level's list", target: null, plainTarget: { sqlite: 0.3, postgresql: 0.3 } },
  // the endpoints that read history: their targets compare 10x with 1x (--scale 1,10)
  { key: "transactions", label: "transactions, first page", target: null },
  { key: "stats", label: "payment stats", target: null },
  { key: "heavyBookings", label: "heavy player's bookings", target: null },
  { key: "heavyPayments", label: "heavy player's payments", target: null },
  // the admin's transactions at any page and filter (DESIGN.md section 18): each within 1.5x of the first page's p99
  // the first page without the CSV export that "transactions" adds (minutes at 10x)
  { key: "transactionsFirst", label: "transactions, first page (no export)", target: null },
  { key: "transactionsLast", label: "transactions, last page (cursor)", target: null },
  { key: "transactionsDated", label: "transactions, whole history by payment date", target: null },
  { key: "transactionsGames", label: "transactions, whole history by game date", target: null },
  { key: "transactionsVenue", label: "transactions of a venue", target: null },
  // the owner's reports over the seeded window (61 days, every venue), and revenue over a year
  { key: "occupancyReport", label: "occupancy report", target: null },
  { key: "revenueReport", label: "revenue report by court", target: null },
  { key: "revenueYear", label: "revenue report by month, a year", target: null },
  { key: "reportSummary", label: "report summary", target: null },
];
const MAX_ANSWER_BYTES = 1024 * 1024;
const SCALE_TARGETS = { rps: 0.7, p99: 1.5, rss: 1.2 };
const RSS_TARGET_MB = 250;
const HORIZON_DAYS = 180;

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    json: { type: "string" },
    runs: { type: "string" },
    seconds: { type: "string" },
    warmup: { type: "string" },
    connections: { type: "string", default: "100" },
    engines: { type: "string" },
    "log-level": { type: "string", default: "info" },
    "no-build": { type: "boolean", default: false },
    "cpu-prof": { type: "string" },
    "node-args": { type: "string", default: "" },
    check: { type: "boolean", default: false },
    scale: { type: "string", default: "1" },
    endpoints: { type: "string" },
    scenario: { type: "string", default: "endpoints" },
    modes: { type: "string", default: "first-come,ballot" },
  },
});
const scales = args.scale.split(",").map(Number);
if (scales.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--scale: whole numbers from 1, got ${args.scale}`);
const chosen = args.endpoints?.split(",");
const endpoints = ENDPOINTS.filter((e) => e.key === "bare" || e.key === "plain" || chosen === undefined || chosen.includes(e.key));
const seconds = Number(args.seconds ?? (args.quick ? 2 : 10));
const warmup = Number(args.warmup ?? (args.quick ? 1 : 3));
const runs = Math.max(1, Number(args.runs ?? 1));
const connections = Number(args.connections);
const pgServer = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || undefined;
const engines = (args.engines?.split(",") ?? ["sqlite", "postgresql"]).filter(
  (e): e is Engine => e === "sqlite" || (e === "postgresql" && pgServer !== undefined),
);
const timeZone = DEFAULT_TIME_ZONE;
const say = (line: string) => process.stdout.write(`${line}\n`);

interface Measured extends LoadResult {
  readonly ratio: number;
  /** req/s divided by the plain Fastify process's req/s in the same run */
  readonly plainRatio: number;
  readonly rssMb: number;
  /** the server's CPU during the measured seconds, in cores (main thread + database and argon2 workers) */
  readonly cpu: number;
}

// ---------------------------------------------------------------------------------------------
// databases

interface BenchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

const withPg = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: pgServer });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const freshDatabase = async (engine: Engine, dir: string): Promise<BenchDatabase> => {
  if (engine === "sqlite") return { url: `sqlite:${path.join(dir, "bench.sqlite")}`, drop: async () => undefined };
  const name = `courts_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withPg((c) => c.query(`create database ${name}`));
  const url = new URL(pgServer!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withPg((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
};

// ---------------------------------------------------------------------------------------------
// the requests of each endpoint

/** the Accept-Encoding Chromium sends */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const loginCookie = async (server: ServerProcess, username: string): Promise<string> => {
  const answer = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  await answer.arrayBuffer();
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("courts.sid="));
  if (answer.status !== 200 || !cookie) throw new Error(`login of ${username} answered ${answer.status}`);
  return cookie.split(";", 1)[0]!;
};

const adminCookie = async (server: ServerProcess, password: string): Promise<string> => {
  const answer = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bench-admin", password }),
  });
  await answer.arrayBuffer();
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("courts.sid="));
  if (answer.status !== 200 || !cookie) throw new Error(`admin login answered ${answer.status}`);
  return cookie.split(";", 1)[0]!;
};

/** `slots.next`: the next free slot create booking asks for (set back to 0 once its bookings are removed) */
const requestsOf = (seeded: Seeded, cookies: readonly string[], admin: string, slots: { next: number }, history: HistoryMarks) => {
  const courts = seeded.courts;
  const freeSlots = courts.length * SLOTS.length * (HORIZON_DAYS - DAYS_AHEAD);
  const invoices = seeded.invoices;
  const generators: Record<Endpoint, () => BenchRequest> = {
    plain: () => ({ path: "/" }),
    bare: () => ({ path: "/__bench/bare" }),
    availability: () => ({ path: `/api/courts/${pick(courts).id}/bookings?date=${pick(seeded.bookedDates)}` }),
    venueAvailability: () => ({ path: `/api/venues/${pick(seeded.venueIds)}/availability?date=${pick(seeded.bookedDates)}` }),
    venueCourts: () => ({ path: `/api/venues/${pick(seeded.venueIds)}/courts` }),
    // as Chromium asks for it: 0.5 MB of JSON uncompressed, which only the load generator would
    // read (it then measured its own parsing, the server idle at a third of a core)
    monthCalendar: () => ({
      path: `/api/venues/${seeded.calendar.venueId}/bookings?year=${seeded.calendar.year}&month=${seeded.calendar.month}`,
      headers: { "accept-encoding": BROWSER_ENCODINGS },
    }),
    // every request a slot nobody holds: court by court, then slot by slot, then day by day
    createBooking: () => {
      const i = slots.next++;
      if (i === freeSlots) say("  ! every free slot up to the booking horizon was used: the next bookings conflict");
      if (i === 1_000 * (cookies.length - 1)) say("  ! each player holds 1,000 unpaid bookings (MAX_UNPAID_BOOKINGS): the next ones are refused");
      const k = Math.floor(i / courts.length);
      return {
        method: "POST",
        path: "/api/bookings",
        // never the heavy player (user 0): their history stays as seeded
        headers: { cookie: cookies[1 + (i % (cookies.length - 1))]! },
        body: JSON.stringify({
          courtId: courts[i % courts.length]!.id,
          bookingDate: addDays(seeded.freeFrom, Math.floor(k / SLOTS.length)),
          timeSlot: SLOTS[k % SLOTS.length],
          gameType: "singles",
        }),
      };
    },
    invoicePdf: () => {
      const invoice = pick(invoices);
      return { path: `/api/payments/${invoice.paymentId}/invoice`, headers: { cookie: cookies[invoice.userIndex]! } };
    },
    availabilityDuringLogins: () => ({ path: `/api/courts/${pick(courts).id}/bookings?date=${pick(seeded.bookedDates)}` }),
    login: () => ({
      method: "POST",
      path: "/api/auth/login",
      body: JSON.stringify({ username: pick(seeded.benchUsers).username, password: BENCH_PASSWORD }),
    }),
    transactions: () => ({ path: "/api/admin/transactions", headers: { cookie: admin } }),
    stats: () => ({ path: "/api/payments/stats", headers: { cookie: admin } }),
    heavyBookings: () => ({ path: "/api/user/bookings", headers: { cookie: cookies[seeded.heavy.userIndex]! } }),
    heavyPayments: () => ({ path: "/api/user/payments", headers: { cookie: cookies[seeded.heavy.userIndex]! } }),
    transactionsFirst: () => ({ path: "/api/admin/transactions", headers: { cookie: admin } }),
    transactionsLast: () => ({ path: `/api/admin/transactions?after=${encodeURIComponent(history.lastPageAfter)}`, headers: { cookie: admin } }),
    transactionsDated: () => ({ path: `/api/admin/transactions?from=${history.firstDay}&to=${history.today}`, headers: { cookie: admin } }),
    transactionsGames: () => ({ path: `/api/admin/transactions?gameFrom=${history.firstDay}&gameTo=${history.lastDay}`, headers: { cookie: admin } }),
    transactionsVenue: () => ({ path: `/api/admin/transactions?venueId=${pick(seeded.venueIds)}`, headers: { cookie: admin } }),
    occupancyReport: () => ({ path: `/api/admin/reports/occupancy?from=${history.windowFrom}&to=${history.lastDay}`, headers: { cookie: admin } }),
    revenueReport: () => ({ path: `/api/admin/reports/revenue?from=${history.windowFrom}&to=${history.lastDay}&groupBy=court`, headers: { cookie: admin } }),
    revenueYear: () => ({ path: `/api/admin/reports/revenue?from=${addDays(history.today, -364)}&to=${history.today}`, headers: { cookie: admin } }),
    openMatches: () => ({ path: `/api/open-matches?level=${pick(["2.5", "3.5", "4", "5.5"])}` }),
    reportSummary: () => ({ path: `/api/admin/reports/summary?from=${history.windowFrom}&to=${history.lastDay}`, headers: { cookie: admin } }),
  };
  return generators;
};

/** Where the seeded history starts and ends, and the cursor of its last page of transactions. */
interface HistoryMarks {
  readonly today: string;
  /** the seeded window's first day (30 days back) */
  readonly windowFrom: string;
  readonly firstDay: string;
  readonly lastDay: string;
  readonly lastPageAfter: string;
}

const historyMarks = async (url: string, today: string): Promise<HistoryMarks> => {
  const db = await openSqlDatabase(url);
  try {
    const [range, row] = await Promise.all([
      db.sql.one("select min(booking_date) as first, max(booking_date) as last from payments"),
      // the 50th oldest payment: the page after it is the last one
      db.sql.one("select created_at, id from payments order by created_at, id limit 1 offset 49"),
    ]);
    const createdAt = new Date(String(row?.created_at instanceof Date ? row.created_at.toISOString() : row?.created_at)).toISOString();
    return {
      today,
      windowFrom: addDays(today, -30),
      firstDay: String(range?.first),
      lastDay: String(range?.last),
      lastPageAfter: `${createdAt}~${String(row?.id)}`,
    };
  } finally {
    await db.close();
  }
};

/** Deletes the bookings that create booking wrote: every booking from `freeFrom` on (the seed writes none there). */
const removeBenchBookings = async (url: string, freeFrom: string): Promise<void> => {
  const db = await openSqlDatabase(url);
  try {
    await db.sql.run("delete from bookings where booking_date >= ?", [freeFrom]);
  } finally {
    await db.close();
  }
};

/** One request of each endpoint, checked, before any load: a benchmark of 404s measures nothing. */
const checkAnswers = async (
  server: ServerProcess,
  seeded: Seeded,
  generators: Record<Endpoint, () => BenchRequest>,
): Promise<Partial<Record<Endpoint, number>>> => {
  const expected = (key: Endpoint) => (key === "createBooking" ? 201 : 200);
  const sizes: Partial<Record<Endpoint, number>> = {};
  for (const { key } of endpoints) {
    if (key === "plain") continue;
    const request = generators[key]();
    const answer = await fetch(`${server.url}${request.path}`, {
      method: request.method ?? "GET",
      // what the load sends: fetch itself would ask for compression
      headers: { "accept-encoding": "identity", ...(request.body ? { "content-type": "application/json" } : {}), ...request.headers },
      ...(request.body ? { body: request.body } : {}),
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (answer.status !== expected(key)) throw new Error(`${key}: ${request.path} answered ${answer.status}: ${body.toString().slice(0, 300)}`);
    // as sent: fetch has undone any compression, the length header has not
    sizes[key] = Number(answer.headers.get("content-length") ?? body.byteLength);
    const total = key === "heavyBookings" ? seeded.heavy.bookings : key === "heavyPayments" ? seeded.heavy.payments : undefined;
    if (total !== undefined && answer.headers.get("x-total-count") !== String(total))
      throw new Error(`${key}: x-total-count ${answer.headers.get("x-total-count")}, seeded ${total}`);
    if (key === "invoicePdf" && body.subarray(0, 5).toString() !== "%PDF-") throw new Error("invoicePdf: not a PDF");
    if (key === "monthCalendar") {
      const entries = JSON.parse(body.toString()) as unknown[];
      if (entries.length !== seeded.calendar.bookings) throw new Error(`monthCalendar: ${entries.length} entries, ${seeded.calendar.bookings} seeded`);
    }
  }
  return sizes;
};

/** The server's resident set sampled every `everyMs` until `stop()`: `peak()` is the highest seen, now included. */
const rssSampler = (server: ServerProcess, everyMs: number) => {
  let seen = 0;
  const read = () => (seen = Math.max(seen, server.memory()?.rssMb ?? 0));
  const timer = setInterval(read, everyMs);
  return { peak: read, stop: () => clearInterval(timer) };
};

/** The whole CSV export read as fast as the client takes it, with the server's memory sampled meanwhile. */
const measureExport = async (server: ServerProcess, admin: string) => {
  const before = server.memory()?.rssMb ?? 0;
  const rss = rssSampler(server, 100);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const answer = await fetch(`${server.url}/api/admin/transactions.csv`, { headers: { cookie: admin } });
    if (answer.status !== 200 || !answer.body) throw new Error(`export answered ${answer.status}`);
    const reader = answer.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const b of value) if (b === 10) lines++;
    }
    return { mb: bytes / 1_048_576, rows: lines - 1, seconds: (performance.now() - started) / 1000, rssBeforeMb: before, rssPeakMb: Math.max(before, rss.peak()) };
  } finally {
    rss.stop();
  }
};
type ExportResult = Awaited<ReturnType<typeof measureExport>>;

// ---------------------------------------------------------------------------------------------
// measuring

/** connections of the load that runs alongside a measured one (availability during logins) */
const ALONGSIDE_CONNECTIONS = 50;

/** slices of an endpoint measured in turns with its baselines (measureInterleaved), each this long */
const SLICE_SECONDS = 2;

/** A load an endpoint is measured in turns with: the bare route of the same process, or plain Fastify. */
interface Baseline {
  readonly name: "bare" | "plain";
  readonly server: ServerProcess;
  readonly next: () => BenchRequest;
}

/**
 * An endpoint with a target: measured in turns with the baselines its ratios divide by, `seconds`
 * of each in slices of SLICE_SECONDS, the order turning round from one turn to the next (the
 * endpoint first in one turn, a baseline first in the next), so that what the 2-core machine does
 * meanwhile falls on all of them alike. Its speed moved plain Fastify between 19,000 and 41,000
 * req/s from one block of 10 s to the next (26 November), and between 11,000 and 23,000 within
 * five minutes (27 November, 10:35): a ratio of two blocks measured a minute apart measured the
 * machine. Answers the endpoint's figures (req/s: requests over seconds, summed over its slices;
 * p50 and p99: medians of its slices; CPU over its slices) and each baseline's req/s over its slices.
 */
const measureInterleaved = async (
  server: ServerProcess,
  next: () => BenchRequest,
  status: number,
  baselines: readonly Baseline[],
): Promise<LoadResult & { rssMb: number; cpu: number; baselineRps: Partial<Record<Baseline["name"], number>> }> => {
  const rss = rssSampler(server, 200);
  try {
    if (warmup > 0) {
      for (const baseline of baselines) await load({ url: baseline.server.url, connections, seconds: warmup, next: baseline.next });
      await load({ url: server.url, connections, seconds: warmup, next, status });
    }
    const turns = Math.max(1, Math.round(seconds / SLICE_SECONDS));
    const mine: LoadResult[] = [];
    let mySeconds = 0;
    let cpuSeconds = 0;
    const theirs = baselines.map(() => ({ total: 0, seconds: 0 }));
    const endpointSlice = async () => {
      const cpuBefore = server.cpuSeconds() ?? 0;
      const started = performance.now();
      mine.push(await load({ url: server.url, connections, seconds: SLICE_SECONDS, next, status }));
      mySeconds += (performance.now() - started) / 1000;
      cpuSeconds += (server.cpuSeconds() ?? 0) - cpuBefore;
    };
    const baselineSlice = (i: number) => async () => {
      const started = performance.now();
      theirs[i]!.total += (await load({ url: baselines[i]!.server.url, connections, seconds: SLICE_SECONDS, next: baselines[i]!.next })).total;
      theirs[i]!.seconds += (performance.now() - started) / 1000;
    };
    const slices = [...baselines.map((_, i) => baselineSlice(i)), endpointSlice];
    for (let turn = 0; turn < turns; turn++)
      for (let k = 0; k < slices.length; k++) await slices[(turn + k) % slices.length]!();
    const statuses: Record<string, number> = {};
    for (const slice of mine) for (const [code, count] of Object.entries(slice.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
    const total = mine.reduce((a, r) => a + r.total, 0);
    return {
      rps: total / mySeconds,
      p50: median(mine.map((r) => r.p50)),
      p99: median(mine.map((r) => r.p99)),
      total,
      unexpected: mine.reduce((a, r) => a + r.unexpected, 0),
      statuses,
      rssMb: rss.peak(),
      cpu: cpuSeconds / mySeconds,
      baselineRps: Object.fromEntries(baselines.map((b, i) => [b.name, theirs[i]!.total / theirs[i]!.seconds])),
    };
  } finally {
    rss.stop();
  }
};

const measureEndpoint = async (
  server: ServerProcess,
  next: () => BenchRequest,
  status: number,
  alongside?: () => BenchRequest,
): Promise<LoadResult & { rssMb: number; cpu: number }> => {
  const rss = rssSampler(server, 200);
  // not measured: it runs while the measured load runs, for as long
  const besides = (duration: number) =>
    alongside ? load({ url: server.url, connections: ALONGSIDE_CONNECTIONS, seconds: duration, next: alongside }) : undefined;
  try {
    if (warmup > 0) await Promise.all([load({ url: server.url, connections, seconds: warmup, next, status }), besides(warmup)]);
    const cpuBefore = server.cpuSeconds() ?? 0;
    const started = performance.now();
    const [result] = await Promise.all([load({ url: server.url, connections, seconds, next, status }), besides(seconds)]);
    const cpu = ((server.cpuSeconds() ?? 0) - cpuBefore) / ((performance.now() - started) / 1000);
    return { ...result, rssMb: rss.peak(), cpu };
  } finally {
    rss.stop();
  }
};

interface EngineRun {
  readonly results: Record<Endpoint, Measured>;
  readonly peakMb: number;
  readonly seeded: Seeded;
  readonly sizes: Partial<Record<Endpoint, number>>;
  readonly exported: ExportResult | null;
}

const benchEngine = async (engine: Engine, scale: number): Promise<EngineRun> => {
  const dir = mkdtempSync(path.join(tmpdir(), `courts-bench-${engine}-`));
  const database = await freshDatabase(engine, dir);
  let server: ServerProcess | undefined;
  let plain: ServerProcess | undefined;
  const stopOnSignal = () => {
    const stopped = Promise.all([server?.stop(1_000), plain?.stop(1_000)]);
    void stopped
      .then(() => database.drop())
      .finally(() => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(130);
      });
  };
  process.once("SIGINT", stopOnSignal);
  try {
    say(`\n== ${engine} at ${scale}x: seeding a fresh database`);
    const seeded = await seedBenchDatabase(database.url, timeZone, scale);
    const matches = await seedOpenMatches(database.url, timeZone, scale);
    const c = seeded.counts;
    say(
      `   ${c.users} users, ${seeded.venueIds.length} venues x ${seeded.courts.length / seeded.venueIds.length} courts, ` +
        `${c.bookings} bookings (${c.cancelled} cancelled), ${c.payments} payments in ${seeded.seconds.toFixed(1)} s`,
    );
    say(`   ${matches.open} open matches ahead, ${matches.past} of days gone by`);
    const cal = seeded.calendar;
    say(`   the heavy player holds ${seeded.heavy.bookings} bookings and ${seeded.heavy.payments} payments`);
    say(`   month calendar: ${cal.year}-${String(cal.month).padStart(2, "0")} of the busiest venue holds ${cal.bookings} bookings`);
    if (cal.bookings < 2_000) throw new Error(`the calendar month holds ${cal.bookings} bookings, fewer than 2,000`);

    const adminPassword = randomBytes(12).toString("base64url");
    server = await startServer({
      entry: "compiled",
      nodeArgs: [
        ...args["node-args"].split(/\s+/).filter(Boolean),
        ...(args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args["cpu-prof"])}`] : []),
      ],
      logFile: path.join(dir, "server.log"),
      readyPath: "/__bench/bare",
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: randomBytes(32).toString("base64url"),
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        WEB_DIST: dir,
        SEED_DEMO: "false",
        ADMIN_USERNAME: "bench-admin",
        ADMIN_PASSWORD: adminPassword,
        BENCH_BARE_ROUTE: "1",
        // every bench player holds hundreds of unpaid bookings (the highest limit; see BENCH_USERS)
        MAX_UNPAID_BOOKINGS: "1000",
        // the login endpoint is measured with every connection logging in from one address at once:
        // a login holds its slot of each budget while its password is checked
        LOGIN_RATE_LIMIT: "100000",
        LOGIN_IP_RATE_LIMIT: "100000",
        LOGIN_ACCOUNT_RATE_LIMIT: "100000",
        LOG_LEVEL: args["log-level"],
        COURTS_TIMEZONE: timeZone,
      },
    });
    const startSettings = [...START_SETTINGS.nodeArgs, ...Object.keys(START_SETTINGS.env).map((k) => `${k}=${process.env[k] ?? START_SETTINGS.env[k]}`)].join(" ");
    say(
      `   server pid ${server.pid} on ${server.url} (compiled, NODE_ENV=production, LOG_LEVEL=${args["log-level"]}, as npm start: ${startSettings}` +
        `${args["node-args"] ? `, node ${args["node-args"]}` : ""}, logs in ${dir}/server.log)`,
    );
    plain = await startServer({ entry: "plain-fastify", readyPath: "/", env: { NODE_ENV: "production" } });
    say(`   plain Fastify pid ${plain.pid} on ${plain.url} (no plugins, a fixed JSON)`);

    const cookies: string[] = [];
    for (let i = 0; i < BENCH_USERS; i += 5)
      cookies.push(...(await Promise.all(seeded.benchUsers.slice(i, i + 5).map((u) => loginCookie(server!, u.username)))));
    const admin = await adminCookie(server, adminPassword);
    const slots = { next: 0 };
    const history = await historyMarks(database.url, addDays(seeded.freeFrom, -DAYS_AHEAD - 1));
    const generators = requestsOf(seeded, cookies, admin, slots, history);
    const sizes = await checkAnswers(server, seeded, generators);
    say(`   answer sizes as sent (bytes; the month calendar compressed): ${Object.entries(sizes).map(([k, v]) => `${k} ${v}`).join(", ")}`);

    const all = Object.fromEntries(ENDPOINTS.map(({ key }) => [key, []])) as unknown as Record<
      Endpoint,
      (LoadResult & { rssMb: number; cpu: number; ratio: number; plainRatio: number })[]
    >;
    for (let run = 1; run <= runs; run++) {
      let bare = 0;
      let plainRps = 0;
      for (const { key, label, target, plainTarget } of endpoints) {
        const status = key === "createBooking" ? 201 : 200;
        const alongside = key === "availabilityDuringLogins" ? generators.login : undefined;
        // each run of create booking starts from the seeded state: the bookings of the runs before
        // it would use up the free slots and the players' unpaid holds (MAX_UNPAID_BOOKINGS)
        if (key === "createBooking" && slots.next > 0) {
          await removeBenchBookings(database.url, seeded.freeFrom);
          slots.next = 0;
        }
        // an endpoint with a target is measured in turns with what its ratios divide by
        const baselines: Baseline[] = [
          ...(plainTarget?.[engine] !== undefined ? [{ name: "plain" as const, server: plain, next: generators.plain }] : []),
          ...(target?.[engine] !== undefined ? [{ name: "bare" as const, server, next: generators.bare }] : []),
        ];
        const result: LoadResult & { rssMb: number; cpu: number; baselineRps?: Partial<Record<Baseline["name"], number>> } =
          baselines.length > 0
            ? await measureInterleaved(server, generators[key], status, baselines)
            : await measureEndpoint(key === "plain" ? plain : server, generators[key], status, alongside);
        if (key === "plain") plainRps = result.rps;
        if (key === "bare") bare = result.rps;
        // against the baseline slices measured in turns with it, else the baseline's own block of this run
        const bareBase = result.baselineRps?.bare ?? bare;
        const plainBase = result.baselineRps?.plain ?? plainRps;
        const ratio = key === "plain" ? 0 : bareBase > 0 ? result.rps / bareBase : 0;
        const plainRatio = plainBase > 0 ? result.rps / plainBase : 0;
        const turns = Object.entries(result.baselineRps ?? {}).map(([name, rps]) => `${name === "bare" ? "bare route" : "plain Fastify"} at ${rps.toFixed(0)} req/s`);
        all[key].push({ ...result, ratio, plainRatio });
        say(
          `   ${runs > 1 ? `run ${run} ` : ""}${label.padEnd(24)} ${result.rps.toFixed(0).padStart(7)} req/s  ` +
            `p50 ${result.p50} ms  p99 ${result.p99} ms  ratio ${ratio.toFixed(3)}  to plain ${plainRatio.toFixed(3)}` +
            `${turns.length > 0 ? ` (in turns with ${turns.join(", ")})` : ""}  server cpu ${result.cpu.toFixed(2)}  rss ${result.rssMb.toFixed(0)} MB` +
            (result.unexpected > 0 ? `  !! ${result.unexpected} unexpected answers ${JSON.stringify(result.statuses)}` : ""),
        );
      }
    }
    const peakMb = server.memory()?.peakMb ?? 0;
    const exported = endpoints.some((e) => e.key === "transactions") ? await measureExport(server, admin) : null;
    if (exported)
      say(
        `   CSV export: ${exported.rows} rows, ${exported.mb.toFixed(1)} MiB in ${exported.seconds.toFixed(1)} s; ` +
          `server RSS ${exported.rssBeforeMb.toFixed(0)} MB before, ${exported.rssPeakMb.toFixed(0)} MB at most during it`,
      );
    const results = Object.fromEntries(
      Object.entries(all).filter(([, list]) => list.length > 0).map(([key, list]) => [
        key,
        {
          rps: median(list.map((r) => r.rps)),
          p50: median(list.map((r) => r.p50)),
          p99: median(list.map((r) => r.p99)),
          ratio: median(list.map((r) => r.ratio)),
          plainRatio: median(list.map((r) => r.plainRatio)),
          rssMb: Math.max(...list.map((r) => r.rssMb)),
          cpu: median(list.map((r) => r.cpu)),
          total: list.reduce((a, r) => a + r.total, 0),
          unexpected: list.reduce((a, r) => a + r.unexpected, 0),
          statuses: list.at(-1)!.statuses,
        },
      ]),
    ) as Record<Endpoint, Measured>;
    return { results, peakMb, seeded, sizes, exported };
  } finally {
    process.removeListener("SIGINT", stopOnSignal);
    await plain?.stop();
    await server?.stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

// ---------------------------------------------------------------------------------------------

const main = async () => {
  if (!args["no-build"]) buildServer(say);
  if (pgServer === undefined) say("PostgreSQL not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it");
  if (args.scenario === "release") {
    const modes = args.modes.split(",").filter((m): m is "first-come" | "ballot" => m === "first-come" || m === "ballot");
    await releaseScenario({ engines, freshDatabase, runs: Math.max(1, Number(args.runs ?? 3)), timeZone, logLevel: args["log-level"], modes, say });
    return;
  }
  if (args.scenario !== "endpoints") throw new Error(`--scenario: endpoints or release, got ${args.scenario}`);
  say(
    `${connections} connections, ${warmup} s warm-up + ${seconds} s per endpoint${runs > 1 ? `, ${runs} runs (medians)` : ""}; ` +
      `Node ${process.version}, ${(await import("node:os")).cpus().length} CPUs (autocannon shares them with the server)`,
  );

  // the hour a run is taken in moves every ratio (machine.ts): measured before and after, with nothing else running
  const machineBefore = await machineState();
  say(`machine before: ${describeMachine(machineBefore)}`);
  const byScale = new Map<number, Partial<Record<Engine, EngineRun>>>();
  for (const engine of engines)
    for (const scale of scales) {
      const runsAt = byScale.get(scale) ?? {};
      runsAt[engine] = await benchEngine(engine, scale);
      byScale.set(scale, runsAt);
    }
  const report = byScale.get(scales[0]!)!;
  const machineAfter = await machineState();

  let missed = 0;
  let broken = 0;
  const lines: string[] = [];
  lines.push("| engine | endpoint | req/s | p50 ms | p99 ms | ratio to bare | target | | ratio to plain Fastify | target | | server CPU (cores) |");
  lines.push("|---|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|");
  for (const engine of engines) {
    const { results, peakMb } = report[engine]!;
    for (const { key, label, target, plainTarget } of endpoints) {
      const r = results[key];
      const goal = target?.[engine];
      const met = goal === undefined ? "" : r.ratio >= goal ? "met" : "MISSED";
      const plainGoal = plainTarget?.[engine];
      const plainMet = plainGoal === undefined ? "" : r.plainRatio >= plainGoal ? "met" : "MISSED";
      if (met === "MISSED") missed++;
      if (plainMet === "MISSED") missed++;
      if (r.unexpected > 0) broken++;
      const bareRatio = key === "bare" ? "1" : key === "plain" ? "-" : r.ratio.toFixed(3);
      lines.push(
        `| ${engine} | ${label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${bareRatio} | ` +
          `${goal === undefined ? "-" : `>= ${goal}`} | ${met}${r.unexpected > 0 ? ` (${r.unexpected} unexpected answers)` : ""} | ` +
          `${key === "plain" ? "1" : r.plainRatio.toFixed(3)} | ${plainGoal === undefined ? "-" : `>= ${plainGoal}`} | ${plainMet} | ${r.cpu.toFixed(2)} |`,
      );
    }
    const rssMet = peakMb <= RSS_TARGET_MB;
    if (!rssMet) missed++;
    lines.push(`| ${engine} | peak server RSS (VmHWM) | ${peakMb.toFixed(0)} MB | | | | <= ${RSS_TARGET_MB} MB | ${rssMet ? "met" : "MISSED"} | | | | |`);
  }
  say(`\n${lines.join("\n")}\n`);
  say(`machine before the run: ${describeMachine(machineBefore)}\nmachine after the run:  ${describeMachine(machineAfter)}\n`);
  if (scales.length > 1) {
    const [low, high] = [scales[0]!, scales.at(-1)!];
    const cmp: string[] = [];
    cmp.push(`| engine | endpoint | req/s ${low}x | req/s ${high}x | ratio (>= ${SCALE_TARGETS.rps}) | p99 ms ${low}x | p99 ms ${high}x | ratio (<= ${SCALE_TARGETS.p99}) | answer bytes ${high}x | |`);
    cmp.push("|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const engine of engines) {
      const a = byScale.get(low)![engine]!;
      const b = byScale.get(high)![engine]!;
      for (const { key, label } of endpoints) {
        if (key === "bare" || key === "login" || key === "createBooking") continue;
        const x = a.results[key];
        const y = b.results[key];
        const rps = y.rps / x.rps;
        const p99 = y.p99 / Math.max(1, x.p99);
        const size = b.sizes[key] ?? 0;
        const met = rps >= SCALE_TARGETS.rps && p99 <= SCALE_TARGETS.p99 && size <= MAX_ANSWER_BYTES;
        if (!met) missed++;
        cmp.push(
          `| ${engine} | ${label} | ${x.rps.toFixed(0)} | ${y.rps.toFixed(0)} | ${rps.toFixed(2)} | ${x.p99} | ${y.p99} | ${p99.toFixed(2)} | ${size} | ${met ? "met" : "MISSED"} |`,
        );
      }
      const rss = b.peakMb / a.peakMb;
      if (rss > SCALE_TARGETS.rss) missed++;
      cmp.push(`| ${engine} | peak server RSS (MB) | ${a.peakMb.toFixed(0)} | ${b.peakMb.toFixed(0)} | ${rss.toFixed(2)} (<= ${SCALE_TARGETS.rss}) | | | | | ${rss <= SCALE_TARGETS.rss ? "met" : "MISSED"} |`);
      for (const [scale, run] of [[low, a], [high, b]] as const)
        if (run.exported)
          cmp.push(
            `| ${engine} | CSV export at ${scale}x | ${run.exported.rows} rows | ${run.exported.mb.toFixed(1)} MiB | ${run.exported.seconds.toFixed(1)} s | ` +
              `RSS before ${run.exported.rssBeforeMb.toFixed(0)} MB | during ${run.exported.rssPeakMb.toFixed(0)} MB | | | |`,
          );
    }
    say(`${cmp.join("\n")}\n`);
  }

  if (args.json) {
    const json = Object.fromEntries([
      ...engines.map((engine) => [
        engine,
        Object.fromEntries(
          endpoints.map(({ key }) => {
            const r = report[engine]!.results[key];
            return [
              key,
              { rps: Math.round(r.rps), p50: r.p50, p99: r.p99, ratio: Number(r.ratio.toFixed(4)), plainRatio: Number(r.plainRatio.toFixed(4)), rssMb: Math.round(r.rssMb) },
            ];
          }),
        ),
      ]),
      ["machine", { before: machineBefore, after: machineAfter }],
    ]);
    writeFileSync(args.json, `${JSON.stringify(json, null, 2)}\n`);
    say(`written ${args.json}`);
  }
  if (broken > 0) {
    say(`${broken} endpoint(s) answered unexpectedly under load: see the lines marked !!`);
    process.exitCode = 1;
  }
  if (args.check && missed > 0) {
    say(`${missed} target(s) missed`);
    process.exitCode = 1;
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
