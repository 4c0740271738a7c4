import { captureStream } from "../support/capture-stream.js";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { DEFAULT_ACCOUNT_POLICY, DEFAULT_BOOKING_POLICY } from "@courts/core";
import {
  argon2Hasher,
  buildApp,
  cryptoIds,
  openDatabase,
  pdfInvoiceRenderer,
  REDACT_PATHS,
  redactUrl,
  requestLineWriterOf,
  serverLogger,
  simulatedGateway,
  systemClock,
} from "@courts/adapters";
import { freshDatabase, testHttpConfig } from "./support/server.js";

/**
 * The server's log lines censor what pino's own `redact` with REDACT_PATHS would, line for line:
 * pino's redactor is the oracle, the server's cheaper formatter must write the same text.
 */

/** pino's own redaction of REDACT_PATHS: what the server's lines must read like */
const oracleLogger = () => {
  const { stream, lines } = captureStream();
  return { log: pino({ level: "info", redact: { paths: REDACT_PATHS, censor: "[redactado]" } }, stream), lines };
};
const serverLines = () => {
  const { stream, lines } = captureStream();
  return { log: serverLogger("info", stream), lines };
};
/** time and pid aside */
const comparable = (lines: readonly string[]) => lines.map((l) => l.replace(/"time":\d+,/, "").replace(/"pid":\d+,/, ""));

const withSecrets = () => {
  const error = Object.assign(new Error("fallo de pago"), { cardNumber: "4242424242424242", code: "CARD" });
  return [
    { user: { username: "ana", password: "clave-super-secreta" } },
    { body: { cardNumber: "4242424242424242", cvc: "123", expMonth: 12 }, other: { clientSecret: "pi_secret_x", note: "ok" } },
    { err: error },
    { req: { method: "GET", url: "/api/auth/me", headers: { authorization: "Bearer abc", cookie: "sessionId=s%3Aabc", host: "x" } } },
    { req: { headers: { "stripe-signature": "t=1,v1=abc", "content-type": "application/json" } } },
    { res: { statusCode: 200, headers: { "set-cookie": "sessionId=abc; Path=/", "cache-control": "no-store" } } },
    { config: { sessionSecret: "s".repeat(40), port: 3000 }, list: [{ password: "in an array" }] },
    // not covered by the paths: kept as pino kept them
    { password: "top-level", nested: { deeper: { password: "two levels down" } } },
    { method: "GET", url: "/api/courts/x/bookings?date=2026-11-25", statusCode: 200, responseTime: 1.25 },
  ];
};

describe("log redaction", () => {
  it("when lines carry passwords, card data, secrets, cookies or auth headers, then they read exactly as pino's redact paths would write them", () => {
    const oracle = oracleLogger();
    const server = serverLines();
    const lines = withSecrets();
    for (const line of lines) oracle.log.info(line, "linea");
    for (const line of lines) server.log.info(line, "linea");
    // child loggers' bindings too (Fastify binds each request's id), at any depth
    oracle.log.child({ reqId: "r-1", account: { password: "p" } }).child({ card: { cvc: "999" } }).warn("hijo");
    server.log.child({ reqId: "r-1", account: { password: "p" } }).child({ card: { cvc: "999" } }).warn("hijo");

    expect(server.lines).toHaveLength(lines.length + 1);
    expect(comparable(server.lines)).toEqual(comparable(oracle.lines));
    const all = server.lines.join("\n");
    for (const secret of ["clave-super-secreta", "4242424242424242", "pi_secret_x", "Bearer abc", "sessionId=", "v1=abc", "s".repeat(40), '"999"'])
      expect(all).not.toContain(secret);
    expect(all).toContain("[redactado]");
    expect(all).toContain("fallo de pago");
  });

  it("when a line is redacted, then the caller's objects are left as they were", () => {
    const server = serverLines();
    const user = { username: "ana", password: "clave" };
    const headers = { authorization: "Bearer abc" };
    const error = Object.assign(new Error("x"), { password: "clave" });
    server.log.info({ user, req: { headers }, err: error }, "linea");
    expect(user.password).toBe("clave");
    expect(headers.authorization).toBe("Bearer abc");
    expect(error.password).toBe("clave");
    expect(server.lines[0]).not.toContain("clave");
    expect(server.lines[0]).toContain('"stack":"Error: x');
  });

  it("when a request's line is written by the server's own writer, then it reads exactly as pino's child logger would write it", () => {
    const pinoLines = serverLines();
    const direct = serverLines();
    const write = requestLineWriterOf(direct.log);
    expect(write).toBeDefined();
    const requests: [string, string, string, number, number][] = [
      ["4f6c1c0e-8d1a-4a53-9b8e-0d7f3a2b1c00", "GET", "/api/courts/x/bookings?date=2026-11-25", 200, 1.2549999952316284],
      ["r-2", "POST", '/api/a"b\\c?q=\u0001\n\u2028ñ&x=<script>', 201, 0],
      ["r-3", "DELETE", "/api/venues/ü/images/1", 404, 12.5],
      ["r-4", "GET", "/", 304, Number.NaN],
    ];
    for (const [reqId, method, url, statusCode, responseTime] of requests) {
      pinoLines.log.child({ reqId }).info({ method, url, statusCode, responseTime }, "request completed");
      write!(reqId, method, url, statusCode, responseTime);
    }
    expect(comparable(direct.lines)).toEqual(comparable(pinoLines.lines));
    for (const line of direct.lines) expect(JSON.parse(line)).toMatchObject({ level: 30, msg: "request completed" });
  });

  it("a logger that the server did not make has no such writer: Fastify's child logger writes its lines", () => {
    expect(requestLineWriterOf(pino({ level: "info" }, captureStream().stream))).toBeUndefined();
    expect(requestLineWriterOf(undefined)).toBeUndefined();
  });
});

describe("tokens in request addresses", () => {
  const TOKEN = "tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
  const addresses = [
    `/api/calendar/${TOKEN}.ics`,
    `/api/shared-payment-links/${TOKEN}`,
    `/api/auth/password-reset/${TOKEN}`,
    `/api/auth/verify-email/${TOKEN}`,
    `/shared-payment/${TOKEN}`,
    `/restablecer/${TOKEN}`,
    `/verificar/${TOKEN}?desde=correo`,
    `/api/venues?token=${TOKEN}&x=1`,
  ];

  it("when an address carries a share, calendar, reset or verification token, then redactUrl censors the token and keeps the rest", () => {
    expect(addresses.map((url) => redactUrl(url))).toEqual([
      "/api/calendar/[redactado]",
      "/api/shared-payment-links/[redactado]",
      "/api/auth/password-reset/[redactado]",
      "/api/auth/verify-email/[redactado]",
      "/shared-payment/[redactado]",
      "/restablecer/[redactado]",
      "/verificar/[redactado]?desde=correo",
      "/api/venues?token=[redactado]&x=1",
    ]);
    for (const plain of ["/api/shared-payment-links", "/api/courts/x/bookings?date=2026-11-25", "/api/user/calendar-feed", "/"]) expect(redactUrl(plain)).toBe(plain);
  });

  it("when the server answers requests to those addresses, then no log line holds the token, at info or at trace", async () => {
    for (const level of ["info", "trace"]) {
      const { lines, stream } = captureStream();
      const db = await freshDatabase("sqlite");
      const database = await openDatabase(db.url);
      await database.migrate();
      const clock = systemClock("America/Guayaquil");
      const app = await buildApp({
        ports: {
          ...database.repositories,
          gateway: simulatedGateway(database.simulatedIntents, cryptoIds, clock),
          invoices: pdfInvoiceRenderer(),
          passwords: argon2Hasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
          clock,
          ids: cryptoIds,
          policy: DEFAULT_BOOKING_POLICY,
          accounts: DEFAULT_ACCOUNT_POLICY,
        },
        sessionStore: database.sessionStore,
        config: testHttpConfig(),
        logger: { level, stream },
      });
      try {
        for (const url of addresses) await app.inject({ method: "GET", url });
        await app.inject({ method: "POST", url: `/api/auth/password-reset/${TOKEN}`, payload: { password: "otra-clave-larga" } });
      } finally {
        await app.close();
        await database.close();
        await db.drop();
      }
      const urls = lines.map((l) => (JSON.parse(l) as { url?: string }).url).filter((u) => u !== undefined);
      expect(urls.length).toBeGreaterThanOrEqual(addresses.length);
      expect(urls).toContain("/api/calendar/[redactado]");
      expect(lines.join("\n")).not.toContain(TOKEN);
    }
    // a database migrated and an app built per level, in the test itself: 33 s on a loaded 2-core machine
  }, 120_000);
});
