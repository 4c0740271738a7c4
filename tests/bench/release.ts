/**
 * `npm run bench -- --scenario release` (DESIGN.md section 15, "Load"): the release minute. A venue
 * opens a day with 20 prime slots (5 courts x 18:00-21:00) to 500 logged-in players at once:
 *
 * - the venue's rules (`PUT /api/admin/venues/{id}/rules`) get `releaseTime` set to the next minute
 *   boundary of the club's clock at least LEAD_MS away and `windowDays` 60, so the date 60 days
 *   ahead (past the seeded bookings) opens at that instant; `maxPerPlayerPerDay` 1. One probe
 *   before it must answer 409 OUTSIDE_BOOKING_WINDOW with that `opensAt`;
 * - 1,000 keep-alive connections are opened and each warmed with one `GET /api/auth/me`, two per
 *   player; at the instant every player sends its booking request (player i asks for slot i mod 20:
 *   25 players a slot) on one and `GET /api/auth/me` on the other, interleaved, written in one loop.
 *   The latency of each is from its write to its last byte (raw HTTP/1.1 over `net`: the client
 *   costs as little as it can and the same for both);
 * - first-come (`ballotSeconds` 0): 20 answers 201, the rest 409 SLOT_TAKEN; the database holds one
 *   live booking per slot and none else on that day;
 * - ballot (`ballotSeconds` BALLOT_SECONDS): every request answers 202 `{ ballotId, decidesAt }`;
 *   100 players then enter a second slot too (not measured); after `decidesAt` every entry is asked
 *   `GET /api/ballots/{id}` until decided: each slot one winner, no player two, and the database's
 *   live bookings are the winners'. A server that answers 201/409 instead has no ballot yet: the
 *   mode is skipped with a line that says so.
 *
 * Each run takes a venue of its own (the seeded 20), so the players' per-venue limits start from
 * nothing. Errors are 5xx, connection errors and any answer that is not an outcome of the mode.
 * The figures: p50/p99 of both, their ratio (target: booking p99 <= 1.3x /api/auth/me p99), medians
 * over the runs.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { addDays, localDateOf, SLOTS, wallClockAt, type LocalDate } from "@courts/core";
import { openSqlDatabase } from "@courts/adapters/sql/index";
import { median } from "./median.js";
import { BENCH_PASSWORD, COURTS_PER_VENUE, PLAYERS, seedBenchDatabase, type Seeded } from "./seed.js";
import { startServer, type ServerProcess } from "./server-process.js";

type Engine = "sqlite" | "postgresql";
type Mode = "first-come" | "ballot";

export interface ReleaseOptions {
  readonly engines: readonly Engine[];
  /** a fresh database on this PostgreSQL server per run of the engine */
  readonly freshDatabase: (engine: Engine, dir: string) => Promise<{ url: string; drop(): Promise<void> }>;
  readonly runs: number;
  readonly timeZone: string;
  readonly logLevel: string;
  readonly modes: readonly Mode[];
  readonly say: (line: string) => void;
}

export const RELEASE_PLAYERS = 500;
const COURTS_IN_RELEASE = 5;
const PRIME_SLOTS = ["18:00", "19:00", "20:00", "21:00"] as const;
const RELEASE_SLOTS = COURTS_IN_RELEASE * PRIME_SLOTS.length;
const WINDOW_DAYS = 60;
const BALLOT_SECONDS = 10;
/** how far ahead of now the opening instant is at least: connections opened and warmed before it */
const LEAD_MS = 8_000;
/** players that enter a second slot in ballot mode (after the measured instant) */
const SECOND_ENTRIES = 100;
const RATIO_TARGET = 1.3;
/**
 * the venue's maxPerPlayerPerDay (default 1); BENCH_RELEASE_MAX_PER_DAY=none runs the release with no
 * per-player limit, to compare: holds under a venue's per-player limit are written one statement each
 */
const MAX_PER_DAY = process.env.BENCH_RELEASE_MAX_PER_DAY === "none" ? null : Number(process.env.BENCH_RELEASE_MAX_PER_DAY ?? 1);
if (!PRIME_SLOTS.every((s) => SLOTS.includes(s)) || COURTS_IN_RELEASE > COURTS_PER_VENUE) throw new Error("the release's slots are not the venue's");
if (RELEASE_PLAYERS + 1 > PLAYERS) throw new Error("the seed holds too few players");

// ---------------------------------------------------------------------------------------------
// a raw HTTP/1.1 keep-alive connection: one request at a time, timed from its write to its last byte

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly ms: number;
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve: (a: Answer) => void; reject: (e: Error) => void; started: number } | null = null;
  private closed: Error | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    const fail = (error: Error) => {
      this.closed = error;
      const p = this.pending;
      this.pending = null;
      p?.reject(error);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed")));
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.setNoDelay(true);
      socket.once("connect", () => resolve(new Connection(socket)));
      socket.once("error", reject);
    });
  }

  send(request: Buffer): Promise<Answer> {
    if (this.closed) return Promise.reject(this.closed);
    if (this.pending) return Promise.reject(new Error("one request at a time"));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, started: performance.now() };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private parse(): void {
    const p = this.pending;
    if (!p) return;
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = this.buffer.subarray(0, end).toString("latin1");
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body: Buffer;
    let rest: Buffer;
    if (length) {
      const n = Number(length[1]);
      if (this.buffer.length < end + 4 + n) return;
      body = this.buffer.subarray(end + 4, end + 4 + n);
      rest = this.buffer.subarray(end + 4 + n);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const parts: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const line = this.buffer.indexOf("\r\n", at);
        if (line < 0) return;
        const size = parseInt(this.buffer.subarray(at, line).toString("latin1"), 16);
        if (this.buffer.length < line + 2 + size + 2) return;
        if (size === 0) {
          at = line + 4;
          break;
        }
        parts.push(this.buffer.subarray(line + 2, line + 2 + size));
        at = line + 2 + size + 2;
      }
      body = Buffer.concat(parts);
      rest = this.buffer.subarray(at);
    } else {
      body = Buffer.alloc(0);
      rest = this.buffer.subarray(end + 4);
    }
    const ms = performance.now() - p.started;
    this.buffer = rest.length === 0 ? Buffer.alloc(0) : Buffer.from(rest);
    this.pending = null;
    p.resolve({ status, body: body.toString("utf8"), ms });
  }
}

const requestBytes = (port: number, method: "GET" | "POST", target: string, cookie: string, body?: string): Buffer => {
  const lines = [`${method} ${target} HTTP/1.1`, `host: 127.0.0.1:${port}`, `cookie: ${cookie}`, "accept: application/json"];
  if (body !== undefined) lines.push("content-type: application/json", `content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body ?? ""}`);
};

/** nearest rank */
const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits until the wall clock reads `instant`: a timer to within a few ms, then a spin. */
const waitUntil = async (instant: number): Promise<void> => {
  await sleep(instant - Date.now() - 15);
  while (Date.now() < instant) {
    /* spin the last milliseconds */
  }
};

// ---------------------------------------------------------------------------------------------
// the server's API, as the players and the admin use it

const cookieOf = (answer: Response): string | undefined => answer.headers.getSetCookie().find((c) => c.startsWith("courts.sid="))?.split(";", 1)[0];

const login = async (server: ServerProcess, path_: string, username: string, password: string): Promise<string> => {
  const answer = await fetch(`${server.url}${path_}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  await answer.arrayBuffer();
  const cookie = cookieOf(answer);
  if (answer.status !== 200 || !cookie) throw new Error(`login of ${username} answered ${answer.status}`);
  return cookie;
};

const call = async (server: ServerProcess, method: string, target: string, cookie: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
  const answer = await fetch(`${server.url}${target}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: answer.status, json };
};

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The next whole minute at least LEAD_MS away, its HH:MM on the club's clock and the date that opens then. */
const nextOpening = (timeZone: string): { at: number; releaseTime: string; date: LocalDate } => {
  const at = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000;
  const wall = wallClockAt(new Date(at), timeZone);
  return { at, releaseTime: `${pad2(wall.hour)}:${pad2(wall.minute)}`, date: addDays(localDateOf(new Date(at), timeZone), WINDOW_DAYS) };
};

// ---------------------------------------------------------------------------------------------
// one release

interface Player {
  readonly index: number;
  readonly id: string;
  readonly cookie: string;
}

interface SlotRef {
  readonly courtId: string;
  readonly timeSlot: string;
}

interface RunResult {
  readonly booking: { p50: number; p99: number; max: number };
  readonly me: { p50: number; p99: number; max: number };
  readonly ratio: number;
  /** from the write of the first request to the last answer of both kinds */
  readonly burstMs: number;
  readonly serverCpuSeconds: number;
  readonly errors: number;
  readonly statuses: Record<string, number>;
  readonly checks: readonly string[];
  readonly failed: readonly string[];
}

const countBy = (items: readonly string[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const item of items) out[item] = (out[item] ?? 0) + 1;
  return out;
};

const codeOf = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

/** Live bookings of the venue on `date`: slot key -> user ids. */
const liveBookings = async (url: string, venueId: string, date: LocalDate): Promise<{ bySlot: Map<string, string[]>; ids: Set<string> }> => {
  const db = await openSqlDatabase(url);
  try {
    const rows = await db.sql.all(
      "select b.id as id, b.court_id as court_id, b.time_slot as time_slot, b.user_id as user_id from bookings b join courts c on c.id = b.court_id " +
        "where c.venue_id = ? and b.booking_date = ? and b.status <> 'cancelled'",
      [venueId, date],
    );
    const bySlot = new Map<string, string[]>();
    for (const r of rows) {
      const key = `${String(r.court_id)} ${String(r.time_slot)}`;
      bySlot.set(key, [...(bySlot.get(key) ?? []), String(r.user_id)]);
    }
    return { bySlot, ids: new Set(rows.map((r) => String(r.id))) };
  } finally {
    await db.close();
  }
};

const releaseOnce = async (
  o: { server: ServerProcess; url: string; admin: string; players: readonly Player[]; venueId: string; slots: readonly SlotRef[]; timeZone: string; mode: Mode; say: (line: string) => void },
): Promise<RunResult | "no ballot"> => {
  const { server, players, slots, mode, say } = o;
  const opening = nextOpening(o.timeZone);
  const rules = { windowDays: WINDOW_DAYS, releaseTime: opening.releaseTime, maxUpcomingPerPlayer: null, maxPerPlayerPerDay: MAX_PER_DAY, ballotSeconds: mode === "ballot" ? BALLOT_SECONDS : 0 };
  say(`     rules ${JSON.stringify(rules)}: ${opening.date} opens at ${new Date(opening.at).toISOString()}`);
  const put = await call(server, "PUT", `/api/admin/venues/${o.venueId}/rules`, o.admin, rules);
  if (put.status !== 200) throw new Error(`PUT rules answered ${put.status}: ${JSON.stringify(put.json)}`);

  const bodyOf = (slot: SlotRef) => JSON.stringify({ courtId: slot.courtId, bookingDate: opening.date, timeSlot: slot.timeSlot, gameType: "singles" });
  // before the instant the date is closed, and the server says when it opens
  const probe = await call(server, "POST", "/api/bookings", players[0]!.cookie, JSON.parse(bodyOf(slots[0]!)));
  const opensAt = (probe.json as { opensAt?: string }).opensAt;
  if (probe.status !== 409 || codeOf(JSON.stringify(probe.json)) !== "OUTSIDE_BOOKING_WINDOW" || opensAt === undefined || Date.parse(opensAt) !== opening.at)
    throw new Error(`before the opening a booking answered ${probe.status} ${JSON.stringify(probe.json)}, expected 409 OUTSIDE_BOOKING_WINDOW opening at ${new Date(opening.at).toISOString()}`);

  const slotOf = (player: Player) => slots[player.index % slots.length]!;
  const bookingRequests = players.map((p) => requestBytes(server.port, "POST", "/api/bookings", p.cookie, bodyOf(slotOf(p))));
  const meRequests = players.map((p) => requestBytes(server.port, "GET", "/api/auth/me", p.cookie));
  const bookingConns: Connection[] = [];
  const meConns: Connection[] = [];
  try {
    for (let i = 0; i < players.length; i += 50) {
      const batch = players.slice(i, i + 50);
      bookingConns.push(...(await Promise.all(batch.map(() => Connection.open(server.port)))));
      meConns.push(...(await Promise.all(batch.map(() => Connection.open(server.port)))));
    }
    // every connection answered once (its session read) before the instant
    for (let i = 0; i < players.length; i += 50) {
      const warm = await Promise.all(
        players.slice(i, i + 50).flatMap((_, k) => [bookingConns[i + k]!.send(meRequests[i + k]!), meConns[i + k]!.send(meRequests[i + k]!)]),
      );
      const bad = warm.find((a) => a.status !== 200);
      if (bad) throw new Error(`warm-up /api/auth/me answered ${bad.status}: ${bad.body.slice(0, 200)}`);
    }
    if (Date.now() > opening.at - 500) throw new Error("the connections were not ready half a second before the opening: raise LEAD_MS");

    await waitUntil(opening.at);
    const cpuBefore = server.cpuSeconds() ?? 0;
    const started = performance.now();
    const bookingAnswers: Promise<Answer | Error>[] = [];
    const meAnswers: Promise<Answer | Error>[] = [];
    for (let i = 0; i < players.length; i++) {
      bookingAnswers.push(bookingConns[i]!.send(bookingRequests[i]!).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
      meAnswers.push(meConns[i]!.send(meRequests[i]!).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
    }
    const [bookings, mes] = await Promise.all([Promise.all(bookingAnswers), Promise.all(meAnswers)]);
    const burstMs = performance.now() - started;
    const serverCpuSeconds = (server.cpuSeconds() ?? 0) - cpuBefore;

    const answered = (list: (Answer | Error)[]) => list.filter((a): a is Answer => !(a instanceof Error));
    const stats = (list: Answer[]) => ({ p50: percentile(list.map((a) => a.ms), 50), p99: percentile(list.map((a) => a.ms), 99), max: Math.max(...list.map((a) => a.ms)) });
    const b = answered(bookings);
    const m = answered(mes);
    const bookingKinds = bookings.map((a) => (a instanceof Error ? `error ${a.message}` : `${a.status}${a.status >= 400 ? ` ${codeOf(a.body) ?? ""}` : ""}`));
    const statuses = { ...countBy(bookingKinds.map((k) => `booking ${k}`)), ...countBy(mes.map((a) => (a instanceof Error ? `me error ${a.message}` : `me ${a.status}`))) };

    if (mode === "ballot" && b.some((a) => a.status === 201 || a.status === 409) && !b.some((a) => a.status === 202)) {
      say(`     the server answered ${JSON.stringify(countBy(bookingKinds))} instead of 202: it serves no ballot yet`);
      return "no ballot";
    }

    const expected = mode === "first-come" ? ["201", "409 SLOT_TAKEN"] : ["202"];
    const errors = bookingKinds.filter((k) => !expected.includes(k)).length + mes.filter((a) => a instanceof Error || a.status !== 200).length;
    const checks: string[] = [];
    const failed: string[] = [];
    const check = (ok: boolean, line: string) => (ok ? checks : failed).push(line);
    const keys = slots.map((s) => `${s.courtId} ${s.timeSlot}`);

    if (mode === "first-come") {
      const live = await liveBookings(o.url, o.venueId, opening.date);
      const oneEach = keys.every((k) => live.bySlot.get(k)?.length === 1) && live.bySlot.size === keys.length;
      const created = b.filter((a) => a.status === 201).map((a) => (JSON.parse(a.body) as { id: string }).id);
      check(created.length === RELEASE_SLOTS, `${created.length} of 500 answered 201 (one per slot: ${RELEASE_SLOTS})`);
      check(oneEach, `the database holds ${[...live.bySlot.values()].flat().length} live bookings that day, ${oneEach ? "exactly one per slot" : "NOT one per slot"}`);
      check(created.every((id) => live.ids.has(id)) && created.length === live.ids.size, "the 201s are the database's bookings");
    } else {
      const entries = b.map((a, i) => ({ player: players[i]!, slot: slotOf(players[i]!), answer: JSON.parse(a.body) as { ballotId?: string; decidesAt?: string; courtId?: string; timeSlot?: string } }));
      const decidesAt = Math.max(...entries.map((e) => Date.parse(e.answer.decidesAt ?? "")));
      check(
        entries.every((e) => typeof e.answer.ballotId === "string" && e.answer.courtId === e.slot.courtId && e.answer.timeSlot === e.slot.timeSlot) &&
          Number.isFinite(decidesAt), `every entry has a ballotId for the slot asked and decidesAt (${Number.isFinite(decidesAt) ? new Date(decidesAt).toISOString() : `not all: ${JSON.stringify(statuses)}`})`,
      );
      // a second slot for some players, within the ballot's seconds: each may still win only one
      const seconds = await Promise.all(
        players.slice(0, SECOND_ENTRIES).map(async (p) => {
          const slot = slots[(p.index + 1) % slots.length]!;
          const answer = await call(server, "POST", "/api/bookings", p.cookie, JSON.parse(bodyOf(slot)));
          return { player: p, slot, status: answer.status, answer: answer.json as { ballotId?: string; code?: string } };
        }),
      );
      say(`     second entries of ${SECOND_ENTRIES} players: ${JSON.stringify(countBy(seconds.map((s) => `${s.status}${s.answer.code ? ` ${s.answer.code}` : ""}`)))}`);
      const all = [...entries.map((e) => ({ ...e, ballotId: e.answer.ballotId! })), ...seconds.filter((s) => s.status === 202).map((s) => ({ ...s, ballotId: s.answer.ballotId! }))];
      await sleep(decidesAt - Date.now());
      const states = new Map<string, { state: string; bookingId?: string }>();
      const deadline = Date.now() + 60_000;
      while (states.size < all.length && Date.now() < deadline) {
        const open = all.filter((e) => !states.has(e.ballotId));
        for (let i = 0; i < open.length; i += 50)
          await Promise.all(
            open.slice(i, i + 50).map(async (e) => {
              const answer = await call(server, "GET", `/api/ballots/${e.ballotId}`, e.player.cookie);
              const s = answer.json as { state?: string; bookingId?: string };
              if (answer.status === 200 && s.state !== undefined && s.state !== "pending") states.set(e.ballotId, { state: s.state, ...(s.bookingId ? { bookingId: s.bookingId } : {}) });
            }),
          );
        if (states.size < all.length) await sleep(250);
      }
      check(states.size === all.length, `${states.size} of ${all.length} entries decided within 60 s of decidesAt`);
      const winners = all.filter((e) => states.get(e.ballotId)?.state === "won");
      const winsPerSlot = countBy(winners.map((e) => `${e.slot.courtId} ${e.slot.timeSlot}`));
      const winsPerPlayer = countBy(winners.map((e) => e.player.id));
      check(keys.every((k) => winsPerSlot[k] === 1), `${winners.length} winners: ${keys.every((k) => winsPerSlot[k] === 1) ? "each slot exactly one" : `NOT one per slot ${JSON.stringify(winsPerSlot)}`}`);
      check(Object.values(winsPerPlayer).every((n) => n === 1), `no player won two (${Object.keys(winsPerPlayer).length} distinct winners)`);
      const after = await liveBookings(o.url, o.venueId, opening.date);
      const afterOne = keys.every((k) => after.bySlot.get(k)?.length === 1) && after.bySlot.size === keys.length;
      check(afterOne, `after the draw the database holds ${[...after.bySlot.values()].flat().length} live bookings that day, ${afterOne ? "one per slot" : "NOT one per slot"}`);
      const winnerIds = new Set(winners.map((e) => e.player.id));
      check(keys.every((k) => winnerIds.has(after.bySlot.get(k)?.[0] ?? "")) && winners.every((e) => after.ids.has(states.get(e.ballotId)?.bookingId ?? "")), "the bookings are the winners', each named by its ballot's bookingId");
    }
    return { booking: stats(b), me: stats(m), ratio: percentile(b.map((a) => a.ms), 99) / percentile(m.map((a) => a.ms), 99), burstMs, serverCpuSeconds, errors, statuses, checks, failed };
  } finally {
    for (const c of [...bookingConns, ...meConns]) c.close();
  }
};

// ---------------------------------------------------------------------------------------------

interface ModeSummary {
  readonly engine: Engine;
  readonly mode: Mode;
  readonly runs: readonly RunResult[];
  readonly skipped?: string;
}

const benchEngine = async (engine: Engine, o: ReleaseOptions): Promise<ModeSummary[]> => {
  const { say } = o;
  const dir = mkdtempSync(path.join(tmpdir(), `courts-release-${engine}-`));
  const database = await o.freshDatabase(engine, dir);
  let server: ServerProcess | undefined;
  try {
    say(`\n== release minute on ${engine}: seeding a fresh database`);
    const seeded: Seeded = await seedBenchDatabase(database.url, o.timeZone, 1);
    const adminPassword = randomBytes(12).toString("base64url");
    server = await startServer({
      entry: "compiled",
      logFile: path.join(dir, "server.log"),
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: randomBytes(32).toString("base64url"),
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        WEB_DIST: dir,
        SEED_DEMO: "false",
        ADMIN_USERNAME: "bench-admin",
        ADMIN_PASSWORD: adminPassword,
        // the seeded players hold unpaid bookings of their own besides the ones won here
        MAX_UNPAID_BOOKINGS: "1000",
        // 500 players log in from one address before the release
        LOGIN_RATE_LIMIT: "100000",
        LOGIN_IP_RATE_LIMIT: "100000",
        LOGIN_ACCOUNT_RATE_LIMIT: "100000",
        LOG_LEVEL: o.logLevel,
        COURTS_TIMEZONE: o.timeZone,
      },
    });
    say(`   server pid ${server.pid} on ${server.url} (compiled, NODE_ENV=production, LOG_LEVEL=${o.logLevel}, logs in ${dir}/server.log)`);
    // players 1..500 (player 0 is the seed's heavy one), logged in five at a time (argon2id)
    const usernames = Array.from({ length: RELEASE_PLAYERS }, (_, i) => `jugador${String(i + 1).padStart(4, "0")}`);
    const started = performance.now();
    const cookies: string[] = [];
    for (let i = 0; i < usernames.length; i += 5) cookies.push(...(await Promise.all(usernames.slice(i, i + 5).map((u) => login(server!, "/api/auth/login", u, BENCH_PASSWORD)))));
    const players: Player[] = [];
    for (const [index, cookie] of cookies.entries()) {
      const me = await call(server, "GET", "/api/auth/me", cookie);
      players.push({ index, cookie, id: (me.json as { user: { id: string } }).user.id });
    }
    say(`   ${players.length} players logged in in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const admin = await login(server, "/api/admin/login", "bench-admin", adminPassword);

    let venue = 0;
    const summaries: ModeSummary[] = [];
    for (const mode of o.modes) {
      const runs: RunResult[] = [];
      let skipped: string | undefined;
      for (let run = 1; run <= o.runs; run++) {
        const venueId = seeded.venueIds[venue++ % seeded.venueIds.length]!;
        const courts = seeded.courts.filter((c) => c.venueId === venueId).slice(0, COURTS_IN_RELEASE);
        const slots = PRIME_SLOTS.flatMap((timeSlot) => courts.map((c) => ({ courtId: c.id, timeSlot })));
        say(`   ${mode} run ${run}: venue ${venueId}`);
        const result = await releaseOnce({ server, url: database.url, admin, players, venueId, slots, timeZone: o.timeZone, mode, say });
        if (result === "no ballot") {
          skipped = "the server answered 201/409 instead of 202: no ballot yet";
          break;
        }
        runs.push(result);
        say(
          `     booking p50 ${result.booking.p50.toFixed(0)} ms p99 ${result.booking.p99.toFixed(0)} ms (max ${result.booking.max.toFixed(0)}); ` +
            `/api/auth/me p50 ${result.me.p50.toFixed(0)} ms p99 ${result.me.p99.toFixed(0)} ms (max ${result.me.max.toFixed(0)}); ` +
            `ratio ${result.ratio.toFixed(2)}; all answered in ${result.burstMs.toFixed(0)} ms, server cpu ${result.serverCpuSeconds.toFixed(2)} s; errors ${result.errors}`,
        );
        say(`     answers ${JSON.stringify(result.statuses)}`);
        for (const line of result.checks) say(`     ok: ${line}`);
        for (const line of result.failed) say(`     FAILED: ${line}`);
      }
      summaries.push({ engine, mode, runs, ...(skipped ? { skipped } : {}) });
    }
    return summaries;
  } finally {
    await server?.stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Runs the release minute on every engine and prints the table; sets the exit code on a failed check or an error. */
export const releaseScenario = async (o: ReleaseOptions): Promise<void> => {
  const { say } = o;
  say(
    `release minute: ${RELEASE_PLAYERS} players, ${RELEASE_SLOTS} slots (${COURTS_IN_RELEASE} courts x ${PRIME_SLOTS.join(", ")}), ` +
      `modes ${o.modes.join(", ")} (ballot ${BALLOT_SECONDS} s), ${o.runs} run(s) each, a venue per run`,
  );
  const all: ModeSummary[] = [];
  for (const engine of o.engines) all.push(...(await benchEngine(engine, o)));
  const lines = [
    "| engine | mode | runs | booking p50 ms | booking p99 ms | /api/auth/me p50 ms | /api/auth/me p99 ms | ratio of p99s (<= 1.3) | ratios of the runs | all answered in ms | errors | slots checks |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|",
  ];
  let bad = 0;
  for (const s of all) {
    if (s.skipped) {
      lines.push(`| ${s.engine} | ${s.mode} | 0 | | | | | | | | | skipped: ${s.skipped} |`);
      continue;
    }
    const r = s.runs;
    const ratio = median(r.map((x) => x.ratio));
    const errors = r.reduce((a, x) => a + x.errors, 0);
    const failed = r.reduce((a, x) => a + x.failed.length, 0);
    if (errors > 0 || failed > 0) bad++;
    lines.push(
      `| ${s.engine} | ${s.mode} | ${r.length} | ${median(r.map((x) => x.booking.p50)).toFixed(0)} | ${median(r.map((x) => x.booking.p99)).toFixed(0)} | ` +
        `${median(r.map((x) => x.me.p50)).toFixed(0)} | ${median(r.map((x) => x.me.p99)).toFixed(0)} | ${ratio.toFixed(2)} ${ratio <= RATIO_TARGET ? "met" : "MISSED"} | ` +
        `${r.map((x) => x.ratio.toFixed(2)).join(", ")} | ${median(r.map((x) => x.burstMs)).toFixed(0)} | ${errors} | ` +
        `${failed === 0 ? "all passed" : `${failed} FAILED`} |`,
    );
  }
  say(`\n${lines.join("\n")}\n`);
  if (bad > 0) {
    say(`${bad} engine/mode(s) had errors or failed checks: see the lines above`);
    process.exitCode = 1;
  }
};
