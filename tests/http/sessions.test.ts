import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "@courts/adapters";
import { Client } from "./support/client.js";
import { newPlayer, PASSWORD, suiteAdmin, unique } from "./support/fixtures.js";
import { freshDatabase, HTTP_ENGINES, startServer, type TestDatabase, type TestServer } from "./support/server.js";

/**
 * Sessions live in the database: two servers on one database share them; the id changes at
 * login; logout ends the session everywhere; a login replaces whatever identity the session
 * carried; failed logins are rate-limited per IP and user name.
 */
for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`sessions [${engine.name}]`, () => {
    let db: TestDatabase;
    let a: TestServer;
    let b: TestServer;

    beforeAll(async () => {
      db = await freshDatabase(engine.name);
      a = await startServer(db.url);
      b = await startServer(db.url);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await db?.drop();
    });

    it("when a player logs in on server A, then server B knows them; logout on A ends it on B", async () => {
      const { user } = await newPlayer(b);
      const onA = new Client(a.baseUrl);
      expect((await onA.post("/api/auth/login", { username: user.username, password: PASSWORD })).status).toBe(200);
      const onB = onA.fork(b.baseUrl);
      const me = await onB.get<{ user: { id: string } }>("/api/auth/me");
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(user.id);

      expect((await onA.post("/api/auth/logout")).status).toBe(200);
      expect(onA.session).toBeUndefined();
      // at B's next request on SQLite; on PostgreSQL once the logout's notice reached B (under a millisecond here)
      await vi.waitFor(
        async () => {
          const after = await onB.get("/api/auth/me");
          expect(after.status).toBe(401);
          expect(after.body).toMatchObject({ code: "NOT_AUTHENTICATED" });
        },
        { timeout: 2_000, interval: 5 },
      );
    });

    it("when a player logs in again, then the session id changes and the old one is dead", async () => {
      const { client, user } = await newPlayer(a);
      const first = client.session!;
      expect(first).toBeDefined();
      const stale = client.fork();
      expect((await client.post("/api/auth/login", { username: user.username, password: PASSWORD })).status).toBe(200);
      expect(client.session).not.toBe(first);
      expect((await client.get("/api/auth/me")).status).toBe(200);
      expect((await stale.get("/api/auth/me")).status).toBe(401);
    });

    it("when a guest calls, then no session cookie is set (saveUninitialized: false)", async () => {
      const guest = new Client(a.baseUrl);
      const answer = await guest.get("/api/venues");
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect((await guest.get("/api/admin/check")).headers.getSetCookie()).toEqual([]);
    });

    it("when the cookie is forged, then it is ignored", async () => {
      const forged = new Client(a.baseUrl, "not-a-signed-session-id");
      expect((await forged.get("/api/auth/me")).status).toBe(401);
    });

    it("the session cookie is httpOnly, SameSite=Lax, path / and not Secure over http", async () => {
      const name = unique("galleta");
      const answer = await new Client(a.baseUrl).post("/api/auth/register", { email: `${name}@correo.ec`, username: name, password: PASSWORD });
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/i);
    });

    describe("player and admin identities", () => {
      it("when only a player is logged in, then /api/admin/check says false and admin calls are refused", async () => {
        const { client } = await newPlayer(a);
        expect((await client.get("/api/admin/check")).body).toEqual({ isAdmin: false });
        expect((await client.get("/api/admin/transactions")).status).toBe(403);
      });

      it("when an admin logs in on a session that carried a player (a planted cookie), then only the admin remains", async () => {
        const { client } = await newPlayer(a);
        const planted = client.session;

        const login = await client.post("/api/admin/login", { username: await suiteAdmin(a), password: PASSWORD });
        expect(login.status).toBe(200);
        expect(login.body).toMatchObject({ message: "Bienvenido al panel administrativo" });
        expect(client.session).not.toBe(planted);
        expect((await client.get("/api/admin/check")).body).toEqual({ isAdmin: true });
        expect((await client.get("/api/auth/me")).status).toBe(401);
        // whoever planted the cookie holds a dead session, not the admin's
        expect((await new Client(a.baseUrl, planted).get("/api/admin/check")).body).toEqual({ isAdmin: false });

        expect((await client.post("/api/admin/logout")).body).toEqual({ message: "Sesión de administrador cerrada exitosamente" });
        expect((await client.get("/api/admin/check")).body).toEqual({ isAdmin: false });
        expect((await client.get("/api/auth/me")).status).toBe(401);
      });

      it("when a player logs in on an admin's session, then only the player remains", async () => {
        const client = new Client(a.baseUrl);
        expect((await client.post("/api/admin/login", { username: await suiteAdmin(a), password: PASSWORD })).status).toBe(200);
        const { user } = await newPlayer(a);
        expect((await client.post("/api/auth/login", { username: user.username, password: PASSWORD })).status).toBe(200);
        expect((await client.get<{ user: { id: string } }>("/api/auth/me")).body.user.id).toBe(user.id);
        expect((await client.get("/api/admin/check")).body).toEqual({ isAdmin: false });
        expect((await client.get("/api/admin/transactions")).status).toBe(403);
      });

      it("when a player's password is used at /api/admin/login, then 401 like a wrong password", async () => {
        const { user } = await newPlayer(a);
        const answer = await new Client(a.baseUrl).post("/api/admin/login", { username: user.username, password: PASSWORD });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ message: "Usuario o contraseña incorrectos", code: "INVALID_CREDENTIALS" });
      });
    });

    describe("rate limits", () => {
      const LIMITED = { message: "Demasiados intentos. Espera un minuto e inténtalo de nuevo.", code: "RATE_LIMITED" };

      it("when a user name fails 5 times in a minute, then the 6th attempt is 429 even with the right password", async () => {
        const { user } = await newPlayer(a);
        const guest = new Client(a.baseUrl);
        for (let i = 0; i < 5; i++) {
          const wrong = await guest.post("/api/auth/login", { username: user.username, password: "equivocada" });
          expect(wrong.status).toBe(401);
          expect(wrong.body).toEqual({ message: "Usuario o contraseña incorrectos", code: "INVALID_CREDENTIALS" });
        }
        const blocked = await guest.post("/api/auth/login", { username: user.username.toUpperCase(), password: PASSWORD });
        expect(blocked.status).toBe(429);
        expect(blocked.body).toEqual(LIMITED);
        // another user name from the same address is not affected
        const { user: someoneElse } = await newPlayer(a);
        expect((await guest.post("/api/auth/login", { username: someoneElse.username, password: PASSWORD })).status).toBe(200);
      });

      it("when successful logins repeat, then they are never limited", async () => {
        const { user } = await newPlayer(a);
        for (let i = 0; i < 8; i++) {
          expect((await new Client(a.baseUrl).post("/api/auth/login", { username: user.username, password: PASSWORD })).status).toBe(200);
        }
      });

      it("when the admin login fails 5 times, then it is limited too", async () => {
        const guest = new Client(a.baseUrl);
        for (let i = 0; i < 5; i++) expect((await guest.post("/api/admin/login", { username: "jefe", password: "x" })).status).toBe(401);
        expect((await guest.post("/api/admin/login", { username: "JEFE", password: "x" })).body).toEqual(LIMITED);
      });

      it("when one address registers more than REGISTER_RATE_LIMIT times in an hour, then 429", async () => {
        // its own database: the counters are shared by every server on one database
        const own = await freshDatabase(engine.name);
        const strict = await startServer(own.url, { registerRateLimit: 3 });
        try {
          const statuses: number[] = [];
          for (let i = 0; i < 4; i++) {
            const name = unique("masivo");
            statuses.push((await new Client(strict.baseUrl).post("/api/auth/register", { email: `${name}@correo.ec`, username: name, password: PASSWORD })).status);
          }
          expect(statuses).toEqual([201, 201, 201, 429]);
          const last = await new Client(strict.baseUrl).post("/api/auth/register", { email: "x@correo.ec", username: unique("x"), password: PASSWORD });
          expect(last.body).toEqual({ message: "Demasiadas cuentas creadas desde esta dirección. Inténtalo de nuevo en una hora.", code: "RATE_LIMITED" });
        } finally {
          await strict.close();
          await own.drop();
        }
      });
    });
  });
}

