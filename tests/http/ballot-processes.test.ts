import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SqlDatabase } from "@courts/adapters/sql/index";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BallotDraw, Ports } from "@courts/core";
import { COURTS_BIN } from "../cli/support/run-courts.js";
import { dayFromToday, demoCourts, newPlayer, type CourtShape, type VenueShape } from "./support/fixtures.js";
import { describeOnEngines, TEST_TIME_ZONE } from "./support/server.js";

/**
 * The release ballot's draw across processes (DESIGN.md section 15): two `courts sweep` processes
 * at the same instant on one database draw a release once; a process SIGKILLed inside a draw
 * (after its holds, before its outcomes: COURTS_TEST_BALLOT_PAUSE_FILE) leaves nothing decided,
 * and the next sweep once its claim ran out decides it with the same seed and the same holds.
 * The processes' clocks are set with libfaketime to an absolute instant, an hour from now (and
 * followed on PostgreSQL too: COURTS_TEST_PROCESS_CLOCK=1, instead of the database's clock).
 */

const FAKETIME_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

const sweepProcess = (at: Date, env: Record<string, string>) => {
  const child = spawn(process.execPath, [COURTS_BIN, "sweep", "--json"], {
    env: { ...process.env, COURTS_TIMEZONE: TEST_TIME_ZONE, ...env, LD_PRELOAD: FAKETIME_LIB, FAKETIME: `@${Math.floor(at.getTime() / 1000)}`, FAKETIME_FMT: "%s", COURTS_TEST_PROCESS_CLOCK: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
  child.stderr.setEncoding("utf8").on("data", (c: string) => (out += c));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, out }));
  });
  return { child, done };
};

/** Waits for a condition, checking every 50 ms, up to `ms`. */
const until = async (done: () => boolean, ms: number): Promise<void> => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describeOnEngines("the release ballot across processes", (server) => {
  let venues: VenueShape[];
  let courts: CourtShape[];
  const children: ChildProcess[] = [];
  const env = () => ({
    DATABASE_URL: server().databaseUrl ?? "",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "courts-ballot-")),
    PUBLIC_URL: "http://localhost:3000",
  });
  beforeAll(async () => {
    ({ venues, courts } = await demoCourts(server()));
  });
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  });

  /** Four players entered in a release of `venueIndex`'s venue: two on 18:00, two on both 18:00 and 19:00. */
  const release = async (venueIndex: number, decidesAt: Date) => {
    const ports: Ports = server().ports;
    const venue = venues[venueIndex]!;
    const court = courts.find((c) => c.venueId === venue.id)!;
    const date = dayFromToday(3);
    const players = await Promise.all([0, 1, 2, 3].map(() => newPlayer(server())));
    const enter = (userId: string, timeSlot: string) =>
      ports.ballots.enter({
        id: ports.ids.uuid(),
        venueId: venue.id,
        courtId: court.id,
        date,
        timeSlot,
        gameType: "singles",
        userId,
        decidesAt,
        enteredAt: new Date(decidesAt.getTime() - 30_000),
        state: "pending",
        bookingId: null,
      });
    for (const p of players) await enter(p.user.id, "18:00");
    for (const p of players.slice(2)) await enter(p.user.id, "19:00");
    const draw = () => ports.ballots.drawOf({ venueId: venue.id, date });
    const holders = async () =>
      Promise.all(["18:00", "19:00"].map(async (slot) => (await ports.bookings.holderOf(court.id, date, slot))?.id ?? null));
    return { draw, holders };
  };

  /** Each slot went to one entry whose hold is the booking; no player won twice. */
  const decidedOnce = (draw: BallotDraw, holders: readonly (string | null)[]) => {
    const won = draw.entries.filter((e) => e.state === "won");
    expect(draw.entries.every((e) => e.state !== "pending")).toBe(true);
    expect(won).toHaveLength(2);
    expect(new Set(won.map((e) => e.userId)).size).toBe(2);
    expect(won.map((e) => e.bookingId).sort()).toEqual([...holders].sort());
    expect(won.every((e) => e.bookingId === e.id)).toBe(true);
  };

  const ballotMails = async (draw: BallotDraw) => {
    const sql = (server().database as SqlDatabase).sql;
    const row = await sql.one(`select count(*) as n from outbox where event_key in (${draw.entries.map(() => "?").join(", ")})`, draw.entries.map((e) => `ballot:${e.id}`));
    return Number(row?.["n"]);
  };

  it.skipIf(!existsSync(FAKETIME_LIB))("when two processes sweep at the same instant after decidesAt, then the release is drawn once: one hold per slot, one win per player, one mail per entry", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const { draw, holders } = await release(0, new Date(at.getTime() - 1_000));
    const shared = env();
    const runs = [sweepProcess(at, shared), sweepProcess(at, shared)];
    children.push(...runs.map((r) => r.child));
    const results = await Promise.all(runs.map((r) => r.done));
    for (const r of results) expect(r.code, r.out).toBe(0);
    const drawn = results.map((r) => (JSON.parse(r.out.slice(r.out.indexOf("{"))) as { ballots: number }).ballots);
    expect(drawn.reduce((a, b) => a + b, 0)).toBe(1);
    const decided = await draw();
    decidedOnce(decided, await holders());
    expect(decided.seed).toEqual(expect.any(String));
    expect(await ballotMails(decided)).toBe(decided.entries.length);
  }, 120_000);

  it.skipIf(!existsSync(FAKETIME_LIB))("when the drawing process is SIGKILLed after its holds, then nothing is decided; the next sweep after its claim decides it with the same holds, once", async () => {
    const at = new Date(Date.now() + 2 * 3_600_000);
    const { draw, holders } = await release(1, new Date(at.getTime() - 1_000));
    const pauseFile = path.join(mkdtempSync(path.join(tmpdir(), "courts-ballot-pause-")), "paused");
    const paused = sweepProcess(at, { ...env(), COURTS_TEST_BALLOT_PAUSE_FILE: pauseFile });
    children.push(paused.child);
    await until(() => existsSync(pauseFile), 60_000);
    paused.child.kill("SIGKILL");
    expect((await paused.done).signal).toBe("SIGKILL");
    const crashed = await draw();
    expect(crashed.drawnAt).toBeNull();
    expect(crashed.entries.every((e) => e.state === "pending")).toBe(true);
    const heldBefore = await holders();
    expect(heldBefore.filter((h) => h !== null)).toHaveLength(2);

    // its claim ran out (60 s from its last renewal; its clock ticked while it started and drew,
    // seconds on a loaded machine), the holds (15 min) not: the next sweep, 5 minutes on, takes it again
    const again = sweepProcess(new Date(at.getTime() + 5 * 60_000), env());
    children.push(again.child);
    const result = await again.done;
    expect(result.code, result.out).toBe(0);
    const decided = await draw();
    decidedOnce(decided, await holders());
    expect(await holders()).toEqual(heldBefore);
    expect(await ballotMails(decided)).toBe(decided.entries.length);
  }, 120_000);
});
