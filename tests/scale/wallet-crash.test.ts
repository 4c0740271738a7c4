import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqlDatabase } from "@courts/adapters/sql/index";
import { startServer, type ServerProcess } from "../bench/server-process.js";
import { Client } from "../http/support/client.js";
import { createTestDatabase, TEST_DATABASE_URL } from "../sql/support/postgres.js";
import { GOOD_CARD, productionEnv } from "../support/server-env.js";

/**
 * A top-up whose card the provider charged while its server process was killed (SIGKILL) before
 * the ledger heard of it: the browser never reports it, and a process started afterwards records
 * it from its sweep (DESIGN.md section 16), once. SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 */

const PASSWORD = "monedero-caida-2026";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds or `ms` ran out; answers whether it held. */
const eventually = async (done: () => Promise<boolean>, ms: number): Promise<boolean> => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await done()) return true;
    await sleep(250);
  }
  return done();
};

const ENGINES = [
  { name: "sqlite", available: true },
  { name: "postgresql", available: TEST_DATABASE_URL !== undefined },
] as const;

for (const engine of ENGINES) {
  describe.skipIf(!engine.available)(`a top-up charged while its server was killed [${engine.name}]`, () => {
    let dir: string;
    let url: string;
    let drop: (() => Promise<void>) | undefined;
    const servers: ServerProcess[] = [];
    const start = async (env: Record<string, string>) => {
      const server = await startServer({ entry: "source", env, readyTimeoutMs: 90_000 });
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "courts-wallet-crash-"));
      if (engine.name === "postgresql") {
        const db = await createTestDatabase();
        url = db.url;
        drop = db.drop;
      } else url = `sqlite:${path.join(dir, "courts.sqlite")}`;
      const setup = await openSqlDatabase(url);
      try {
        await setup.migrate();
      } finally {
        await setup.close();
      }
    }, 120_000);

    afterAll(async () => {
      for (const server of servers) server.child.kill("SIGKILL");
      await Promise.all(servers.map((s) => s.exited));
      await drop?.();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it(
      "when the process dies between the provider's success and the ledger, then the next process's sweep credits the wallet once",
      async () => {
        // no sweep pass in the first process's life: only the next one can record it
        const first = await start(productionEnv(url, dir, { SWEEP_INTERVAL_SECONDS: "3600", SEED_DEMO: "false" }));
        const player = new Client(first.url);
        const username = `caida${Date.now().toString(36)}`;
        expect((await player.post("/api/auth/register", { email: `${username}@correo.ec`, username, password: PASSWORD })).status).toBe(201);
        const intent = await player.post<{ clientSecret: string; paymentIntentId: string }>("/api/user/wallet/top-ups", { amount: "40.00" });
        expect(intent.status, intent.text).toBe(200);
        const charged = await player.post("/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...GOOD_CARD });
        expect(charged.status, charged.text).toBe(200);
        // the provider took the money; the process dies before anyone records it
        first.child.kill("SIGKILL");
        await first.exited;

        const db = await openSqlDatabase(url);
        try {
          const userId = (await db.sql.one("select id from users where username = ?", [username]))!["id"] as string;
          expect(await db.repositories.wallets.balanceOf(userId)).toBe(0);
          expect((await db.repositories.purchases.findByIntent(intent.body.paymentIntentId))?.status).toBe("pending");

          const second = await start(productionEnv(url, dir, { SWEEP_INTERVAL_SECONDS: "0.5", SEED_DEMO: "false" }));
          expect(await eventually(async () => (await db.repositories.wallets.balanceOf(userId)) === 4000, 30_000)).toBe(true);
          const purchase = await db.repositories.purchases.findByIntent(intent.body.paymentIntentId);
          expect(purchase).toMatchObject({ status: "succeeded", amount: 4000 });
          expect(purchase?.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);

          // the browser coming back late changes nothing: recorded before, one credit
          const late = new Client(second.url);
          expect((await late.post("/api/auth/login", { username, password: PASSWORD })).status).toBe(200);
          expect((await late.post(`/api/user/purchases/${intent.body.paymentIntentId}`)).status).toBe(200);
          await sleep(1_500); // a few more sweep passes
          const wallet = await late.get<{ balance: string; entries: { kind: string; amount: string }[] }>("/api/user/wallet");
          expect(wallet.body).toMatchObject({ balance: "40.00", entries: [{ kind: "topup", amount: "40.00" }] });
          expect(wallet.body.entries).toHaveLength(1);
        } finally {
          await db.close();
        }
      },
      180_000,
    );
  });
}
