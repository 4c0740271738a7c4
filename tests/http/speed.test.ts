import { request as httpRequest } from "node:http";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, SESSION_COOKIE } from "@courts/adapters";
import { compressedOnce } from "@courts/adapters/http/compressed-once";
import { Client } from "./support/client.js";
import { adminClient, book, newCourt, newPlayer, PASSWORD, type CourtShape } from "./support/fixtures.js";
import { freshDatabase, HTTP_ENGINES, startServer, testHttpConfig, webDistWith, withoutClubDate, type TestDatabase, type TestServer } from "./support/server.js";

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
  let web: ReturnType<typeof webDistWith>;
  let venueId: string;
  const courts: CourtShape[] = [];

  beforeAll(async () => {
    const script = "assets/index-5f3a9c.js";
    web = webDistWith({
      "index.html": INDEX,
      "home-shell.html": "<!-- why -->\n<main><h1>Reserva tu cancha</h1></main>\n",
      [script]: SCRIPT,
      // what the web build's precompress step leaves beside each asset
      [`${script}.br`]: brotliCompressSync(SCRIPT),
      [`${script}.gz`]: gzipSync(SCRIPT),
    });
    db = await freshDatabase("sqlite");
    server = await startServer(db.url, { webDist: web.path });
    const admin = await adminClient(server);
    const venue = await admin.post<{ id: string }>("/api/venues", { name: "Club Veloz", location: "Quito", description: "x".repeat(200) });
    venueId = venue.body.id;
    for (let n = 1; n <= 8; n++) courts.push(await newCourt(admin, { name: `Cancha rápida ${n}`, courtNumber: n, venueId }));
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
    web?.remove();
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
    // the plain index, with the club's date in its head
    const venue = await raw(server.baseUrl, "/venue/abc");
    expect(withoutClubDate(venue.body.toString())).toBe(INDEX);
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

  /** A player with 24 bookings, the last one's month calendar well over the compression threshold. */
  const busyMonth = async () => {
    const { client } = await newPlayer(server);
    let last = await book(client, courts);
    for (let i = 0; i < 23; i++) last = await book(client, courts);
    const [year, month] = last.bookingDate.slice(0, 7).split("-").map(Number);
    return { client, path: `/api/venues/${venueId}/bookings?year=${year}&month=${month}` };
  };

  it("when a month calendar is asked for with brotli or gzip, then it is sent compressed, the same calendar as plain, and a new booking shows in the next one", async () => {
    const { client, path } = await busyMonth();

    const plain = await raw(server.baseUrl, path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(1024);
    const calendar = JSON.parse(plain.body.toString()) as { bookingDate: string; timeSlot: string }[];
    expect(calendar.length).toBeGreaterThanOrEqual(24);

    const br = await raw(server.baseUrl, path, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(calendar);
    expect(br.body.length * 3).toBeLessThan(plain.body.length);
    // brotli refused by its quality value: gzip
    const gz = await raw(server.baseUrl, path, { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(calendar);
    // neither offered: as it is
    expect((await raw(server.baseUrl, path, { "accept-encoding": "deflate" })).headers["content-encoding"]).toBeUndefined();

    const added = await book(client, courts);
    const [addedYear, addedMonth] = added.bookingDate.slice(0, 7).split("-").map(Number);
    const after = await raw(server.baseUrl, `/api/venues/${venueId}/bookings?year=${addedYear}&month=${addedMonth}`, { "accept-encoding": "br" });
    const entries = JSON.parse(brotliDecompressSync(after.body).toString()) as { id: string }[];
    expect(entries.map((e) => e.id)).toContain(added.id);
  });

  it("when something fails after the calendar was compressed, then the error goes out readable: plain JSON, no content-encoding", async () => {
    const { path: url } = await busyMonth();
    const app = await buildApp({ ports: server.ports, sessionStore: server.database.sessionStore, config: testHttpConfig(), logger: false });
    let failures = 0;
    // runs after the route compressed its answer, once: as a session store that failed to save would
    app.addHook("onSend", async (request, reply, payload) => {
      if (request.url === url && reply.statusCode === 200 && failures++ === 0) throw new Error("el almacén de sesiones no responde");
      return payload;
    });
    try {
      const answer = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(failures).toBe(1);
      expect(answer.statusCode).toBe(500);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.json()).toEqual({ message: "Error interno del servidor", code: "INTERNAL" });
    } finally {
      await app.close();
    }
  });

  it("when the same kept calendar is sent twice, then it was compressed once: the same bytes, not a copy", async () => {
    const send = compressedOnce();
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => ((headers[name] = value), reply) } as unknown as FastifyReply;
    const asking = { headers: { "accept-encoding": "br" } } as unknown as FastifyRequest;
    const kept = Buffer.from(JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: `reserva-${i}`, timeSlot: "19:00" }))));
    const first = await send(asking, reply, kept);
    expect(headers["content-encoding"]).toBe("br");
    expect(await send(asking, reply, kept)).toBe(first);
    // a calendar built again (a booking changed it) is another Buffer: compressed anew
    const rebuilt = Buffer.from(kept);
    expect(await send(asking, reply, rebuilt)).not.toBe(first);
    expect(brotliDecompressSync(first).equals(kept)).toBe(true);
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

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`speed: each screen's HTML names its code and carries its first paint [${engine.name}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    let webDist: ReturnType<typeof webDistWith>;
    let venueId: string;
    let courtId: string;
    const PAGE = '<!doctype html><html lang=es><head><title>Canchas</title></head><body><div id="root"></div></body></html>';

    beforeAll(async () => {
      // what web/vite.config.ts and web/public leave in web/dist
      webDist = webDistWith({
        "index.html": PAGE,
        "route-preloads.json": JSON.stringify({
          "*": { modules: ["/assets/boot-1.js"], styles: [] },
          "/": { modules: ["/assets/boot-1.js", "/assets/home-1.js"], styles: [] },
          "/venue/:venueId": { modules: ["/assets/boot-1.js", "/assets/venue-1.js"], styles: [] },
          "/venue/:venueId/calendar": { modules: ["/assets/boot-1.js", "/assets/calendar-1.js"], styles: [] },
          "/booking/:courtId": { modules: ["/assets/boot-1.js", "/assets/booking-1.js"], styles: ["/assets/booking-1.css"] },
        }),
        "home-shell.html": "<!-- why -->\n<h1>Reserva tu cancha</h1>\n",
        "venue-shell.html":
          '<!-- why -->\n<section><img src="{{image}}"><h1>{{name}}</h1><p>{{description}}</p><a href="/venue/{{id}}/calendar">{{courts}}</a></section>\n',
        "booking-shell.html": '<!-- why -->\n<a href="/venue/{{venueId}}">Volver</a><h1>Reservar {{name}}</h1><p>Cancha #{{number}}</p>\n',
      });
      db = await freshDatabase(engine.name);
      server = await startServer(db.url, { webDist: webDist.path });
      const admin = await adminClient(server);
      const venue = await admin.post<{ id: string }>("/api/venues", {
        name: 'Club "Sol" <y> Arena',
        location: "Quito",
        description: "",
        imageUrl: "https://fotos.example/club.jpg?a=1&b=2",
      });
      expect(venue.status).toBe(201);
      venueId = venue.body.id;
      courtId = (await newCourt(admin, { name: "Cancha <Central>", courtNumber: 7, venueId })).id;
    });
    afterAll(async () => {
      await server?.close();
      await db?.drop();
      webDist.remove();
    });

    const html = async (urlPath: string, cookie?: string) => {
      const answer = await raw(server.baseUrl, urlPath, cookie ? { cookie } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/text\/html/);
      expect(answer.headers["cache-control"]).toBe("no-cache");
      return answer.body.toString();
    };
    const preloaded = (page: string) => [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

    it("when a screen's page is asked for, then its head names that screen's chunks as modulepreload, and its stylesheet", async () => {
      expect(preloaded(await html("/"))).toEqual(["/assets/boot-1.js", "/assets/home-1.js"]);
      expect(preloaded(await html(`/venue/${venueId}`))).toEqual(["/assets/boot-1.js", "/assets/venue-1.js"]);
      expect(preloaded(await html(`/venue/${venueId}/calendar`))).toEqual(["/assets/boot-1.js", "/assets/calendar-1.js"]);
      const booking = await html(`/booking/${courtId}`);
      expect(preloaded(booking)).toEqual(["/assets/boot-1.js", "/assets/booking-1.js"]);
      expect(booking).toContain('<link rel="preload" as="style" crossorigin href="/assets/booking-1.css">');
      // the links sit in the head, before the page's own script would run
      expect(booking.indexOf("modulepreload")).toBeLessThan(booking.indexOf("</head>"));
      // any other path: the app itself (its not-found screen)
      expect(preloaded(await html("/no/existe"))).toEqual(["/assets/boot-1.js"]);
    });

    it("when a screen's page is asked for, then its head carries the club's date, the same as GET /api/config's today", async () => {
      const config = JSON.parse((await raw(server.baseUrl, "/api/config")).body.toString()) as { today: string };
      expect(config.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const page of ["/", `/venue/${venueId}`, `/booking/${courtId}`, "/no/existe"]) {
        const head = (await html(page)).split("</head>")[0]!;
        expect(head, page).toContain(`<meta name="club-today" content="${config.today}">`);
      }
    });

    it("when a venue with a picture is asked for, then its hero is inside #root with its fields escaped and its picture", async () => {
      const page = await html(`/venue/${venueId}`);
      const root = page.slice(page.indexOf('<div id="root">'));
      expect(root).toContain('<img src="https://fotos.example/club.jpg?a=1&amp;b=2">');
      expect(root).toContain("<h1>Club &quot;Sol&quot; &lt;y&gt; Arena</h1>");
      expect(root).toContain("<p>Complejo Deportivo de Tenis</p>"); // the screen's text for no description
      expect(root).toContain(`<a href="/venue/${venueId}/calendar">1 cancha</a>`);
      expect(root).not.toContain("<!--");
    });

    it("when a venue does not exist, or its id is not an id, then the page is the plain index with no first paint", async () => {
      expect(await html("/venue/00000000-0000-4000-8000-000000000000")).toContain('<div id="root"></div>');
      expect(await html("/venue/abc")).toContain('<div id="root"></div>');
    });

    it("when a court's booking screen is asked for, then a player gets its heading as first paint and a guest (sent to login) does not", async () => {
      const { client } = await newPlayer(server);
      const cookie = `${SESSION_COOKIE}=${client.session}`;
      const page = await html(`/booking/${courtId}`, cookie);
      expect(page).toContain(`<div id="root"><a href="/venue/${venueId}">Volver</a><h1>Reservar Cancha &lt;Central&gt;</h1><p>Cancha #7</p></div>`);
      expect(await html(`/booking/${courtId}`)).toContain('<div id="root"></div>');
    });
  });
}
