import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, SESSION_COOKIE } from "@courts/adapters";
import { Client } from "./support/client.js";
import { adminClient, PASSWORD } from "./support/fixtures.js";
import { freshDatabase, startServer, testHttpConfig, type TestDatabase, type TestServer } from "./support/server.js";

/** What makes pages fast: compressed answers and assets, immutable hashed assets, reads without a session. */

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** node:http, not fetch: fetch decompresses by itself and hides what went over the wire. */
const raw = (baseUrl: string, urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${urlPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });

const SCRIPT = `export const texto = ${JSON.stringify("Reserva tu cancha de tenis. ".repeat(400))};\n`;
const INDEX = '<!doctype html><html lang=es><head><title>Canchas</title></head><body><div id="root"></div></body></html>';

describe("speed: compression, caching and guest reads", () => {
  let db: TestDatabase;
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "courts-speed-web-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), INDEX);
    writeFileSync(path.join(webDist, "home-shell.html"), "<!-- why -->\n<main><h1>Reserva tu cancha</h1></main>\n");
    const script = path.join(webDist, "assets", "index-5f3a9c.js");
    writeFileSync(script, SCRIPT);
    // what the web build's precompress step leaves beside each asset
    writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    db = await freshDatabase("sqlite");
    server = await startServer(db.url, { webDist });
    const admin = await adminClient(server);
    const venue = await admin.post<{ id: string }>("/api/venues", { name: "Club Veloz", location: "Quito", description: "x".repeat(200) });
    for (let n = 1; n <= 8; n++) {
      const court = await admin.post("/api/courts", {
        name: `Cancha rápida ${n}`,
        courtNumber: n,
        venueId: venue.body.id,
        status: "available",
        daySinglesPrice: "14.50",
        dayDoublesPrice: "29.00",
        nightSinglesPrice: "16.50",
        nightDoublesPrice: "33.00",
      });
      expect(court.status).toBe(201);
    }
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("when a browser that accepts brotli asks for a hashed script, then the precompressed file is sent, cached for a year", async () => {
    const answer = await raw(server.baseUrl, "/assets/index-5f3a9c.js", { "accept-encoding": "gzip, deflate, br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it("when the home page is asked for, then its first paint is inside #root; any other screen gets the empty index", async () => {
    const home = await raw(server.baseUrl, "/");
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toMatch(/text\/html/);
    expect(home.headers["cache-control"]).toBe("no-cache");
    expect(home.body.toString()).toContain('<div id="root"><main><h1>Reserva tu cancha</h1></main></div>');
    expect(home.body.toString()).not.toContain("<!--");
    const venue = await raw(server.baseUrl, "/venue/abc");
    expect(venue.body.toString()).toBe(INDEX);
  });

  it("when a client accepts only gzip, then the .gz is sent; when it accepts nothing, then the plain file", async () => {
    const gz = await raw(server.baseUrl, "/assets/index-5f3a9c.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await raw(server.baseUrl, "/assets/index-5f3a9c.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("when an API answer is over 1 KiB, then it is compressed for a client that accepts it, and plain otherwise", async () => {
    const br = await raw(server.baseUrl, "/api/courts", { "accept-encoding": "br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    const courts = JSON.parse(brotliDecompressSync(br.body).toString()) as unknown[];
    expect(courts).toHaveLength(8);
    const plain = await raw(server.baseUrl, "/api/courts");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(br.body.length * 3);
    // a small answer is not worth compressing
    const small = await raw(server.baseUrl, "/api/config", { "accept-encoding": "br, gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("when a guest's page checks the session with ?optional=1, then 204 (no error in the console); without it, still 401", async () => {
    const guest = new Client(server.baseUrl);
    const quiet = await guest.get("/api/auth/me?optional=1");
    expect(quiet.status).toBe(204);
    expect(quiet.headers.get("cache-control")).toBe("private, no-store");
    expect((await guest.get("/api/auth/me")).status).toBe(401);

    const player = new Client(server.baseUrl);
    const registered = await player.post<{ user: { id: string } }>("/api/auth/register", {
      email: "veloz@example.ec",
      username: "veloz",
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const me = await player.get<{ user: { id: string } }>("/api/auth/me?optional=1");
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(registered.body.user.id);
  });

  describe("the session of a request", () => {
    let app: FastifyInstance;
    const seen: Array<{ method: string; url: string; sessionId: unknown }> = [];

    beforeAll(async () => {
      app = await buildApp({ ports: server.ports, sessionStore: server.database.sessionStore, config: testHttpConfig(), logger: false });
      // runs after the session hook: what each handler would find in request.session
      app.addHook("preHandler", async (request) => {
        seen.push({ method: request.method, url: request.url, sessionId: (request.session as { sessionId?: unknown }).sessionId });
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    it("when a public GET comes without a cookie, then no session is created (no id, no cookie); with a cookie, then the stored one is read", async () => {
      seen.length = 0;
      const read = await app.inject({ method: "GET", url: "/api/venues" });
      expect(read.statusCode).toBe(200);
      expect(read.headers["set-cookie"]).toBeUndefined();
      expect(seen.at(-1)?.sessionId).toBeUndefined();

      const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "veloz", password: PASSWORD } });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toBeDefined();
      expect(typeof seen.at(-1)?.sessionId, "a POST still gets a real session").toBe("string");

      const mine = await app.inject({ method: "GET", url: "/api/auth/me", cookies: { [SESSION_COOKIE]: cookie!.value } });
      expect(mine.statusCode).toBe(200);
      expect(typeof seen.at(-1)?.sessionId).toBe("string");

      const guest = await app.inject({ method: "GET", url: "/api/auth/me" });
      expect(guest.statusCode).toBe(401);
      const admin = await app.inject({ method: "GET", url: "/api/admin/check" });
      expect(admin.json()).toEqual({ isAdmin: false });
      expect(seen.slice(-2).map((s) => s.sessionId)).toEqual([undefined, undefined]);
    });
  });
});
