import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appDepsOf, buildApp, loadConfig, openRuntime, openSqlDatabase, type Runtime } from "@courts/adapters";
import { runSweep } from "@courts/adapters/sweep/sweeper";
import { configBase, configProblems } from "../support/config-problems.js";
import { freshDatabase, HTTP_ENGINES, runtimeConfig, type TestDatabase } from "./support/server.js";

/**
 * The operator's endpoints (DESIGN.md section 19): /healthz, /readyz (the database answers and
 * has every migration applied) and /metrics (Prometheus text for the holder of METRICS_TOKEN),
 * built by the composition root as the server builds them.
 */

const TOKEN = "metricas-0123456789-abcdef";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`/healthz, /readyz and /metrics [${engine.name}]`, () => {
    let db: TestDatabase;
    let dir: string;
    let runtime: Runtime;
    let app: FastifyInstance;
    beforeAll(async () => {
      db = await freshDatabase(engine.name);
      dir = mkdtempSync(path.join(tmpdir(), "courts-service-"));
      runtime = await openRuntime(runtimeConfig(db.url, dir, { METRICS_TOKEN: TOKEN }));
      app = await buildApp(appDepsOf(runtime, false));
    });
    afterAll(async () => {
      await app.close();
      await runtime.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    const metricsText = async () => {
      const answer = await app.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };
    const sample = (text: string, name: string, labels: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
    };

    it("when /healthz is asked, then the process answers 200 { status: ok }", async () => {
      const answer = await app.inject({ method: "GET", url: "/healthz" });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: "ok" });
      expect(answer.headers["cache-control"]).toBe("no-store");
    });

    it("when every migration is applied, then /readyz answers 200; when one is missing, 503 NOT_READY naming it, and 200 again once it is there", async () => {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: "ok", checks: { database: { ok: true }, migrations: { ok: true, pending: [] } } });

      // the database as an older release left it: the newest migration not recorded
      const other = await openSqlDatabase(db.url);
      try {
        const last = await other.sql.one("select id, name, executed_at from mikro_orm_migrations order by id desc limit 1");
        await other.sql.run("delete from mikro_orm_migrations where id = ?", [Number(last!["id"])]);
        const missing = await app.inject({ method: "GET", url: "/readyz" });
        expect(missing.statusCode).toBe(503);
        expect(missing.json()).toMatchObject({
          code: "NOT_READY",
          message: "Faltan migraciones por aplicar en la base de datos (courts migrate)",
          checks: { database: { ok: true }, migrations: { ok: false, pending: [String(last!["name"])] } },
        });
        await other.sql.run("insert into mikro_orm_migrations (id, name, executed_at) values (?, ?, ?)", [
          Number(last!["id"]),
          String(last!["name"]),
          last!["executed_at"] instanceof Date ? last!["executed_at"].toISOString() : (last!["executed_at"] as string),
        ]);
      } finally {
        await other.close();
      }
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    });

    it("when /metrics is asked without the token or with another, then 401 METRICS_TOKEN_REQUIRED and no numbers", async () => {
      for (const headers of [{}, bearer("otro-token-0123456789-abcdef"), { authorization: TOKEN }, bearer(`${TOKEN}x`)]) {
        const answer = await app.inject({ method: "GET", url: "/metrics", headers });
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toMatchObject({ code: "METRICS_TOKEN_REQUIRED" });
        expect(answer.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
        expect(answer.body).not.toContain("courts_");
      }
    });

    it("when requests were answered, then /metrics counts them by route pattern and status, never by their URL", async () => {
      const id = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
      await app.inject({ method: "GET", url: `/api/venues/${id}` });
      await app.inject({ method: "GET", url: `/api/venues/${id}` });
      await app.inject({ method: "GET", url: "/api/no-existe/abc" });
      const text = await metricsText();
      expect(sample(text, "courts_http_request_duration_seconds_count", 'method="GET",route="/api/venues/:id",status="404"')).toBe(2);
      expect(sample(text, "courts_http_request_duration_seconds_count", 'route="unmatched",status="404"')).toBe(1);
      expect(text).not.toContain(id);
      expect(text).not.toContain("no-existe");
      expect(text).toMatch(/^# TYPE courts_http_request_duration_seconds histogram$/m);
    });

    it("when mail waits in the outbox, then /metrics gives the backlog; and the database pool's connections", async () => {
      const before = await metricsText();
      expect(sample(before, "courts_outbox_backlog", 'queue="mail"')).toBe(0);
      expect(sample(before, "courts_outbox_backlog", 'queue="events"')).toBe(0);
      expect(sample(before, "courts_database_pool_connections", 'state="max"')).toBeGreaterThanOrEqual(1);
      expect(sample(before, "courts_database_pool_connections", 'state="waiting"')).toBe(0);

      const other = await openSqlDatabase(db.url);
      try {
        const now = new Date().toISOString();
        for (const [id, status] of [["m1", "pending"], ["m2", "sending"], ["m3", "failed"], ["m4", "sent"]] as const)
          await other.sql.run(
            "insert into outbox (id, event_key, kind, recipient, payload, status, attempts, next_attempt_at, created_at) values (?, ?, 'prueba', 'ana@club.ec', '{}', ?, 0, ?, ?)",
            [`${id}-${engine.name}`, `metricas:${id}`, status, now, now],
          );
      } finally {
        await other.close();
      }
      const after = await metricsText();
      expect(sample(after, "courts_outbox_backlog", 'queue="mail"')).toBe(2);
      expect(sample(after, "courts_outbox_backlog", 'queue="mail_failed"')).toBe(1);
    });

    it("when the card provider is called and a sweep step fails, then /metrics counts the call by operation and outcome and the step's run and failure", async () => {
      await runtime.ports.gateway.createIntent({ amount: 1450 as never, currency: "usd", metadata: {}, idempotencyKey: `metricas-${engine.name}` });
      await runSweep(
        [
          { name: "bien", run: async () => 1 },
          { name: "roto", run: async () => Promise.reject(new Error("fallo de prueba")) },
        ],
        { error: () => undefined },
        { observer: runtime.metrics!.sweep },
      );
      const text = await metricsText();
      expect(sample(text, "courts_payment_provider_call_duration_seconds_count", 'operation="createIntent",outcome="ok"')).toBe(1);
      expect(sample(text, "courts_sweep_step_runs_total", 'step="bien"')).toBe(1);
      expect(sample(text, "courts_sweep_step_runs_total", 'step="roto"')).toBe(1);
      expect(sample(text, "courts_sweep_step_failures_total", 'step="roto"')).toBe(1);
      expect(sample(text, "courts_sweep_step_failures_total", 'step="bien"')).toBeUndefined();
    });
  });
}

describe("/metrics without METRICS_TOKEN, and one registry per app", () => {
  it("when METRICS_TOKEN is not set, then /metrics is not there (404 NOT_FOUND) whatever the header; and a second app's numbers are its own", async () => {
    const db = await freshDatabase("sqlite");
    const dir = mkdtempSync(path.join(tmpdir(), "courts-service-"));
    const plain = await openRuntime(runtimeConfig(db.url, dir));
    const measured = await openRuntime(runtimeConfig(db.url, dir, { METRICS_TOKEN: TOKEN }));
    const [a, b] = await Promise.all([buildApp(appDepsOf(plain, false)), buildApp(appDepsOf(measured, false))]);
    try {
      for (const headers of [{}, bearer(TOKEN)]) {
        const answer = await a.inject({ method: "GET", url: "/metrics", headers });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: "Ruta no encontrada", code: "NOT_FOUND" });
      }
      await a.inject({ method: "GET", url: "/api/config" });
      const text = (await b.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) })).body;
      expect(text).not.toContain('route="/api/config"');
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([plain.close(), measured.close()]);
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
    // two runtimes and two apps built in the test itself: 33 s on a loaded 2-core machine
  }, 120_000);
});

describe("METRICS_TOKEN and SHUTDOWN_GRACE_SECONDS settings", () => {
  const dir = path.join(tmpdir(), "courts-service-config");
  it("when they are not set, then there is no token and the grace is 10 s", () => {
    const config = loadConfig(configBase(dir), { persistSecret: false });
    expect(config.metricsToken).toBeNull();
    expect(config.shutdownGraceSeconds).toBe(10);
  });

  it("when they are set, then they are taken; a short or spaced token and a grace out of range are refused in Spanish", () => {
    const config = loadConfig({ ...configBase(dir), METRICS_TOKEN: TOKEN, SHUTDOWN_GRACE_SECONDS: "25" }, { persistSecret: false });
    expect(config.metricsToken).toBe(TOKEN);
    expect(config.shutdownGraceSeconds).toBe(25);
    expect(configProblems({ ...configBase(dir), METRICS_TOKEN: "corto" })).toEqual([
      "METRICS_TOKEN debe tener entre 16 y 200 caracteres visibles, sin espacios (p. ej. openssl rand -hex 24)",
    ]);
    expect(configProblems({ ...configBase(dir), METRICS_TOKEN: "con espacios en medio 12345" })).toHaveLength(1);
    expect(configProblems({ ...configBase(dir), SHUTDOWN_GRACE_SECONDS: "0" })).toEqual(['SHUTDOWN_GRACE_SECONDS debe ser un número entre 0.1 y 3600 (recibido "0")']);
    expect(configProblems({ ...configBase(dir), SHUTDOWN_GRACE_SECONDS: "diez" })).toHaveLength(1);
  });
});
