import { connect } from "node:net";
import { captureStream } from "../support/capture-stream.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ACCOUNT_POLICY, DEFAULT_BOOKING_POLICY, type Ports } from "@courts/core";
import { buildApp } from "@courts/adapters";
import { Client } from "./support/client.js";
import { freshDatabase, startServer, testHttpConfig, webDistWith, withoutClubDate, type TestDatabase, type TestServer } from "./support/server.js";

/** The built web app with history fallback, the security headers, the docs and the 500 answer. */

const INDEX = "<!doctype html><html><head><title>Canchas</title></head><body><div id=root></div></body></html>";

/**
 * Sends bytes on a socket of its own and answers what came back once the server closed it. `end`
 * half-closes after the bytes; without it the socket stays open, as a slow client's would.
 */
const rawExchange = (baseUrl: string, request: Buffer, { end }: { end: boolean }) =>
  new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const socket = connect(Number(port), hostname, () => (end ? socket.end(request) : socket.write(request)));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // the server closes at once: a reset after the answer arrived still leaves the answer to read
    socket.on("error", (error) => {
      if (chunks.length === 0) reject(error);
    });
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const parse = (answer: string) => {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), head: head.toLowerCase(), body: JSON.parse(body) as unknown };
};

describe("web app, headers and docs", () => {
  let db: TestDatabase;
  let server: TestServer;
  let bare: TestServer;
  let web: ReturnType<typeof webDistWith>;
  let guest: Client;

  beforeAll(async () => {
    web = webDistWith({
      "index.html": INDEX,
      "assets/index-abc123.js": "console.log('hola')",
      "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    });
    db = await freshDatabase("sqlite");
    server = await startServer(db.url, { webDist: web.path });
    bare = await startServer(db.url);
    guest = new Client(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
    await bare?.close();
    await db?.drop();
    web?.remove();
  });

  it.each(["/", "/venue/123", "/venue/123/calendar", "/admin/discounts", "/checkout/abc", "/no/existe/en/la/app"])(
    "when the browser asks for %s, then index.html (the client router decides)",
    async (url) => {
      const answer = await guest.get(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/text\/html/);
      expect(answer.text).toContain('<meta name="club-today" content="');
      expect(withoutClubDate(answer.text)).toBe(INDEX);
      expect(answer.headers.get("cache-control")).toBe("no-cache");
    },
  );

  it("when an asset is asked for, then it is served with immutable caching", async () => {
    const answer = await guest.get("/assets/index-abc123.js");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/javascript/);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await guest.get("/favicon.svg")).status).toBe(200);
  });

  it("when a missing file is asked for, then 404 (not index.html)", async () => {
    expect((await guest.get("/assets/index-old999.js")).status).toBe(404);
  });

  it("when an unknown /api path is asked for, then JSON 404 even with the web built", async () => {
    const answer = await guest.get("/api/nada");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: "Ruta no encontrada", code: "NOT_FOUND" });
  });

  it("when an address's %-escapes do not decode, then the API answers its Spanish problem and a browser gets a Spanish page", async () => {
    const api = await guest.get("/api/venues/%E0%A4%A");
    expect(api.status).toBe(400);
    expect(api.body).toEqual({ message: "La dirección de la petición no es válida", code: "INVALID_INPUT" });
    const page = await guest.request("GET", "/venue/%E0%A4%A", { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.text).toContain("<h1>Dirección no válida</h1>");
    expect(page.text).toMatch(/<a href="\/"[^>]*>Volver al inicio<\/a>/);
    expect(page.text).not.toMatch(/FST_ERR|not a valid url/);
    // answered before any hook runs, yet with the headers of every page (it was once sent without any)
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("when Node's HTTP parser refuses a request (a raw 'ñ' in the address, a header past 16 KiB), then the answer is still the API's Spanish problem", async () => {
    const raw = (request: Buffer) => rawExchange(server.baseUrl, request, { end: true });
    const unencoded = parse(await raw(Buffer.concat([Buffer.from("GET /api/venues?x="), Buffer.from("ñ", "utf8"), Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n")])));
    expect(unencoded.status).toBe(400);
    expect(unencoded.head).toContain("content-type: application/json; charset=utf-8");
    expect(unencoded.body).toEqual({ message: expect.stringMatching(/^La petición HTTP no es válida/), code: "INVALID_INPUT" });
    const huge = parse(await raw(Buffer.from(`GET /api/venues HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`)));
    expect(huge.status).toBe(431);
    expect(huge.body).toEqual({ message: "Las cabeceras de la petición son demasiado grandes", code: "HEADERS_TOO_LARGE" });
  });

  it("when a client sends its headers too slowly or its body never ends (slowloris), then 408 in Spanish and the connection is closed", async () => {
    const slow = await startServer(db.url, { headersTimeoutSeconds: 1, requestTimeoutSeconds: 2 });
    try {
      let started = performance.now();
      const headers = parse(await rawExchange(slow.baseUrl, Buffer.from("GET /api/venues HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n"), { end: false }));
      const headersSeconds = (performance.now() - started) / 1000;
      expect(headers.status).toBe(408);
      expect(headers.head).toContain("content-type: application/json; charset=utf-8");
      expect(headers.head).toContain("connection: close");
      expect(headers.body).toEqual({ message: "La petición tardó demasiado en llegar", code: "REQUEST_TIMEOUT" });
      // the headers' second, found by Node's check of every second: not before it, not long after
      expect(headersSeconds).toBeGreaterThanOrEqual(0.9);
      expect(headersSeconds).toBeLessThan(5);

      started = performance.now();
      const body = parse(
        await rawExchange(
          slow.baseUrl,
          Buffer.from('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":'),
          { end: false },
        ),
      );
      const bodySeconds = (performance.now() - started) / 1000;
      expect(body.status).toBe(408);
      expect(body.body).toEqual({ message: "La petición tardó demasiado en llegar", code: "REQUEST_TIMEOUT" });
      expect(bodySeconds).toBeGreaterThanOrEqual(1.9);
      expect(bodySeconds).toBeLessThan(6);

      // the server still answers everyone else
      expect((await new Client(slow.baseUrl).get("/api/venues")).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it("when the web is not built, then a small Spanish page says so", async () => {
    const answer = await new Client(bare.baseUrl).get("/");
    expect(answer.status).toBe(503);
    expect(answer.text).toContain("La aplicación web no está compilada");
    expect((await new Client(bare.baseUrl).get("/api/venues")).status).toBe(200);
  });

  it("sends the security headers (CSP for the SPA, no Stripe in simulated mode)", async () => {
    const answer = await guest.get("/");
    const csp = answer.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("stripe");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(["/api/config", "/api/venues", "/api/nada", "/api", "/api?x=1", "/api/courts/x%00/bookings?date=2026-13-40", "/api/venues/%E0%A4%A"])(
    "when the API answers %s, then a CSP that allows nothing and only the headers an answer that is not a page needs",
    async (url) => {
      const answer = await guest.get(url);
      expect(answer.headers.get("content-type")).toMatch(/application\/json/);
      expect(answer.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
      expect(answer.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      // the pages' headers only
      for (const name of ["x-dns-prefetch-control", "x-download-options", "x-permitted-cross-domain-policies", "x-xss-protection", "origin-agent-cluster", "cross-origin-opener-policy"])
        expect(answer.headers.get(name), name).toBeNull();
      // the page's set, for comparison: the app, its files and the API documentation
      for (const page of ["/", "/assets/index-abc123.js", "/api/docs/static/index.html"]) {
        const headers = (await guest.get(page)).headers;
        expect(headers.get("x-dns-prefetch-control"), page).toBe("off");
        expect(headers.get("content-security-policy"), page).toContain("default-src 'self'");
      }
    },
  );

  it("when Stripe is configured, then the pages' CSP allows js.stripe.com scripts and frames and /api/config gives the key", async () => {
    const stripe = await startServer(db.url, { stripePublishableKey: "pk_test_123" });
    try {
      const client = new Client(stripe.baseUrl);
      const csp = (await client.get("/")).headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com/);
      expect((await client.get<{ payments: { publishableKey: string } }>("/api/config")).body.payments.publishableKey).toBe("pk_test_123");
    } finally {
      await stripe.close();
    }
  });

  it("GET /api/config answers the club's name, the zone, currency, today, the provider and the zone's offsets", async () => {
    const answer = await guest.get<{ offsets: { from: string; offsetMinutes: number }[]; offsetsUntil: string }>("/api/config");
    expect(answer.body).toEqual({
      clubName: "Reserva Tenis",
      timeZone: "America/Guayaquil",
      currency: "usd",
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      payments: { provider: "simulated", publishableKey: null },
      holds: { holdMinutes: 15, shareDeadlineHours: 2 },
      // Guayaquil keeps UTC-5 all year: one span, from 400 days back to beyond the longest booking window (365 days)
      offsets: [{ from: expect.stringMatching(/T00:00:00\.000Z$/), offsetMinutes: -300 }],
      offsetsUntil: expect.stringMatching(/T00:00:00\.000Z$/),
    });
    const days = (Date.parse(answer.body.offsetsUntil) - Date.parse(answer.body.offsets[0]!.from)) / 86_400_000;
    expect(days).toBe(400 + 365 + 10);
    expect(Date.parse(answer.body.offsetsUntil)).toBeGreaterThan(Date.now() + 365 * 86_400_000);
  });

  it("serves the OpenAPI document and its UI under /api/docs", async () => {
    const doc = await guest.get<{ openapi: string; paths: Record<string, unknown> }>("/api/docs/json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const p of ["/api/bookings", "/api/venues/{id}/courts", "/api/objects/upload-image", "/api/admin/discount-codes/{id}"]) {
      expect(Object.keys(doc.body.paths)).toContain(p);
    }
    const ui = await guest.get("/api/docs/");
    expect(ui.status).toBe(200);
    expect(ui.text).toContain("swagger");
  });
});

describe("unexpected failures", () => {
  it("when a port throws, then 500 with the generic Spanish message, and the log has the request id and the cause", async () => {
    const { lines, stream } = captureStream();
    const broken = new Proxy({} as Ports, {
      get: (_target, name) =>
        new Proxy({}, {
          get: () => async () => {
            throw new Error(`base de datos caída (${String(name)}) secreto-interno`);
          },
        }),
    });
    const app = await buildApp({
      ports: broken,
      sessionStore: { get: (_id, cb) => cb(null, null), set: (_id, _s, cb) => cb(), destroy: (_id, cb) => cb(), endSessionsOf: async () => 0 },
      config: testHttpConfig(),
      logger: { level: "error", stream },
    });
    try {
      const answer = await app.inject({ method: "GET", url: "/api/venues" });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toEqual({ message: "Error interno del servidor", code: "INTERNAL" });
      expect(answer.body).not.toContain("secreto-interno");
      expect(answer.body).not.toMatch(/at .*\.ts/);
      const requestId = answer.headers["x-request-id"];
      const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: { message?: string } });
      const entry = logged.find((l) => l.msg === "unexpected error");
      expect(entry?.reqId).toBe(requestId);
      expect(entry?.err?.message).toContain("base de datos caída");
    } finally {
      await app.close();
    }
  });

  it("never logs passwords or cookies", async () => {
    const { lines, stream } = captureStream();
    const db = await freshDatabase("sqlite");
    const { openDatabase, argon2Hasher, cryptoIds, systemClock, simulatedGateway, pdfInvoiceRenderer } = await import("@courts/adapters");
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
      logger: { level: "trace", stream },
    });
    try {
      const register = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email: "log@correo.ec", username: "registrado", password: "clave-super-secreta" },
      });
      expect(register.statusCode).toBe(201);
      const cookie = register.headers["set-cookie"];
      await app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: String(cookie).split(";")[0]!, authorization: "Bearer abc" } });
      const all = lines.join("\n");
      expect(all).not.toContain("clave-super-secreta");
      expect(all).not.toContain(String(cookie).split(";")[0]!.split("=")[1]!.slice(0, 20));
      expect(all).not.toContain("Bearer abc");
    } finally {
      await app.close();
      await database.close();
      await db.drop();
    }
  });
});
