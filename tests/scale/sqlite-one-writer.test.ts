import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, DEFAULT_TIME_ZONE, localDateOf, SLOTS } from "@courts/core";
import { openSqlDatabase } from "@courts/adapters/sql/index";
import { startServer, type ServerProcess } from "../bench/server-process.js";
import { runCourts, type CourtsResult } from "../cli/support/run-courts.js";
import { Client } from "../http/support/client.js";
import { GOOD_CARD, productionEnv } from "../support/server-env.js";
import { seedClub } from "./support/seed-club.js";

/**
 * SQLite has one writer per file. A server process writes on one connection (transactions
 * included, BEGIN IMMEDIATE) and reads on another, and other processes on the same file (the CLI)
 * wait on the file's lock for a moment instead of failing. Before, a write on the second
 * connection queued behind a transaction of the first until busy_timeout (10 s) gave up.
 */

const PAYERS = 20;
const LOAD_MS = 8_000;
const STALL_MS = 1_000;
const PASSWORD = "one-writer-password-2026";

interface Timed {
  readonly what: string;
  readonly status: number;
  readonly ms: number;
}

describe("SQLite: one writer per process, other processes wait their turn", () => {
  let dir: string;
  let databaseUrl: string;
  let server: ServerProcess;
  const courts: string[] = [];
  const players: Client[] = [];
  let today: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "courts-one-writer-"));
    databaseUrl = `sqlite:${path.join(dir, "courts.sqlite")}`;
    today = localDateOf(new Date(), DEFAULT_TIME_ZONE);

    // one court per payer: every booking is free, so every payer pays all the time
    const club = await seedClub(databaseUrl, {
      venue: "Club Un Escritor",
      location: "Cuenca",
      courts: PAYERS,
      players: Array.from({ length: PAYERS }, (_, i) => `pagador${String(i).padStart(2, "0")}`),
      admin: "admin-escritor",
      password: PASSWORD,
    });
    courts.push(...club.courts);

    server = await startServer({
      entry: "source",
      env: productionEnv(databaseUrl, dir),
      readyTimeoutMs: 60_000,
    });
    for (const { username } of club.players) {
      const client = new Client(server.url);
      const answer = await client.post("/api/auth/login", { username, password: PASSWORD });
      expect(answer.status).toBe(200);
      players.push(client);
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop(5_000);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    "when 20 players pay at once while `courts discount create` runs on the same file, then nothing fails and no request waits over 1 s",
    async () => {
      const timed: Timed[] = [];
      const problems: string[] = [];
      const cli: CourtsResult[] = [];
      let payments = 0;
      const started = Date.now();

      const call = async <T>(what: string, request: () => Promise<{ status: number; body: T; text: string }>, expected: number) => {
        const t0 = performance.now();
        const answer = await request();
        timed.push({ what, status: answer.status, ms: performance.now() - t0 });
        if (answer.status !== expected) throw new Error(`${what} ${answer.status} ${answer.text.slice(0, 160)}`);
        return answer.body;
      };

      const payer = async (i: number) => {
        const client = players[i]!;
        let n = 0;
        while (Date.now() - started < LOAD_MS) {
          // a different free slot each time: court i, later and later days
          const slot = { courtId: courts[i]!, bookingDate: addDays(today, 2 + Math.floor(n / SLOTS.length)), timeSlot: SLOTS[n % SLOTS.length]! };
          n++;
          try {
            const booking = await call<{ id: string }>("booking", () => client.post("/api/bookings", { ...slot, gameType: "singles" }), 201);
            const intent = await call<{ clientSecret: string; paymentIntentId: string }>(
              "intent",
              () => client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" }),
              200,
            );
            await call("confirm", () => client.post("/api/simulated-card/confirm", { clientSecret: intent.clientSecret, ...GOOD_CARD }), 200);
            await call(
              "payment",
              () => client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }),
              201,
            );
            payments++;
          } catch (error) {
            problems.push(error instanceof Error ? error.message : String(error));
          }
        }
      };

      // the operator creates codes one after another while the players pay
      const operator = async () => {
        let k = 0;
        while (Date.now() - started < LOAD_MS) {
          const result = await runCourts(
            ["discount", "create", "--code", `ESCRITOR${k++}`, "--type", "percentage", "--value", "10", "--max-usage", "5"],
            { env: { DATABASE_URL: databaseUrl, DATA_DIR: dir } },
          );
          cli.push(result);
        }
      };

      await Promise.all([...Array.from({ length: PAYERS }, (_, i) => payer(i)), operator()]);
      const seconds = (Date.now() - started) / 1000;

      const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3);
      console.info(
        `one writer: ${payments} payments in ${seconds.toFixed(1)} s (${(payments / seconds).toFixed(1)}/s) by ${PAYERS} players, ` +
          `${timed.length} requests, slowest ${slowest.map((s) => `${s.what} ${Math.round(s.ms)} ms`).join(", ")}; ` +
          `${cli.length} CLI writes, ${cli.filter((r) => r.code !== 0).length} failed`,
      );
      expect(problems.slice(0, 5)).toEqual([]);
      expect(cli.length).toBeGreaterThan(0);
      expect(cli.filter((r) => r.code !== 0).map((r) => r.stderr.slice(0, 200))).toEqual([]);
      expect(slowest[0]!.ms).toBeLessThan(STALL_MS);
      expect(payments).toBeGreaterThan(PAYERS);

      // every code the operator created is there, once
      const check = await openSqlDatabase(databaseUrl);
      try {
        const codes = await check.sql.one("select count(*) as n from discount_codes");
        expect(Number(codes?.n)).toBe(cli.length);
        const paid = await check.sql.one("select count(*) as n from payments where status = 'succeeded'");
        expect(Number(paid?.n)).toBe(payments);
      } finally {
        await check.close();
      }
    },
    90_000,
  );
});
