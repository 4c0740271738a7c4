import { randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@courts/core";
import { openSqlDatabase } from "@courts/adapters/sql/index";
import { ROOT, startServer, type ServerProcess } from "../bench/server-process.js";
import { aPayment, written } from "../support/builders.js";
import { productionEnv } from "../support/server-env.js";
import { waitFor } from "../support/wait-for.js";
import { seedBooking, seedPlace } from "../sql/support/seed.js";

/**
 * The sweep that every server process runs on its own (adapters/src/main.ts, SWEEP_INTERVAL_SECONDS)
 * warns in the server's JSON log when the card provider refuses a refund owed, which stays owed for
 * the next pass. Effect's default logger would have written it with console.log, a
 * `timestamp=... level=WARN` line among the JSON lines (`courts sweep` has its own test in the CLI
 * suite).
 */

const WARNING = "reembolso no enviado: se reintenta en el siguiente barrido";

interface LogLine {
  readonly level?: number;
  readonly msg?: string;
  readonly step?: string;
  readonly paymentId?: string;
  readonly err?: { readonly message?: string };
}

const jsonLines = (output: string): LogLine[] =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

describe("the server's own sweep, when the card provider refuses a refund owed", () => {
  let dir: string;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    // what `npm start` runs; a no-op when dist is up to date
    execFileSync(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-b", "adapters"], { cwd: ROOT, stdio: "inherit" });
    dir = mkdtempSync(path.join(tmpdir(), "courts-sweep-log-"));
  });

  afterAll(async () => {
    await server?.stop(2_000);
    rmSync(dir, { recursive: true, force: true });
  });

  it("then its JSON log has a warning naming the step, the payment and the provider's reason, no line of another format, and the refund stays owed", async () => {
    const url = `sqlite:${path.join(dir, "courts.sqlite")}`;
    const setup = await openSqlDatabase(url);
    let paymentId: string;
    let owed: number;
    try {
      await setup.migrate();
      const repos = setup.repositories;
      const place = await seedPlace(repos);
      const booking = await seedBooking(repos, place, { date: addDays(new Date().toISOString().slice(0, 10), 20), timeSlot: "15:00", totalAmount: 1450 });
      // a charge the simulated provider has no record of: its refund is refused on every pass
      const payment = written(await repos.payments.insertPending(aPayment({ amount: 1450, kind: "full" }, { booking, court: place.court, venue: place.venue })));
      // taken, and decided to go back in full on arrival (it could not apply)
      expect(await repos.payments.oweRefund({ id: payment.id, refundId: randomUUID(), amount: payment.amount, flag: "refunded_on_arrival", at: new Date() })).toBe(true);
      paymentId = payment.id;
      owed = payment.amount;
    } finally {
      await setup.close();
    }

    server = await startServer({ entry: "compiled", env: productionEnv(url, dir, { SWEEP_INTERVAL_SECONDS: "0.2", LOG_LEVEL: "info" }), readyTimeoutMs: 50_000 });
    const warning = await waitFor(() => jsonLines(server!.output()).find((line) => line.msg === WARNING), {
      timeout: 15_000,
      interval: 100,
      message: () => `no sweep pass logged '${WARNING}':\n${server!.output()}`,
    });
    const output = server.output();
    expect(warning).toMatchObject({ level: 40, step: "refunds-owed", paymentId, msg: WARNING });
    expect(warning.err?.message).toMatch(/No such payment intent/);
    expect(output).not.toMatch(/^timestamp=|level=WARN/m);
    await server.stop(2_000);
    server = undefined;

    const after = await openSqlDatabase(url);
    try {
      expect((await after.repositories.payments.findById(paymentId))?.refundOwed).toBe(owed);
    } finally {
      await after.close();
    }
    // a start of up to 50 s and 15 s of waiting for the line: past the project's 30 s default
  }, 90_000);
});
