import type { PasswordHasher, Ports } from "@courts/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, demoCourts, freshSlot, newPlayer, PASSWORD, suiteAdmin, unique } from "./support/fixtures.js";
import { freshDatabase, HTTP_ENGINES, startServer, type TestDatabase, type TestServer } from "./support/server.js";

/**
 * DESIGN.md section 13, Abuse: login attempts counted before the password is checked, a login
 * budget per account across addresses that a password reset restarts, registrations per address
 * and hour, and cross-site writes refused by their Origin.
 */

const PER_MINUTE = { code: "RATE_LIMITED", message: "Demasiados intentos. Espera un minuto e inténtalo de nuevo." };
const PER_ACCOUNT = { code: "RATE_LIMITED", message: "Demasiados intentos fallidos con esta cuenta. Espera 15 minutos o restablece tu contraseña." };
const PER_HOUR = { code: "RATE_LIMITED", message: "Demasiadas cuentas creadas desde esta dirección. Inténtalo de nuevo en una hora." };
const FORBIDDEN_ORIGIN = { code: "FORBIDDEN_ORIGIN", message: "Origen no permitido" };

const MINUTE = 60_000;
/** 10 minutes into a quarter and an hour: the windows' ends are 5 and 50 minutes away. */
const T = Date.parse("2026-11-23T18:10:00.000Z");

/** The server's password hasher, counting the passwords it checks (a wrong one or an unknown user's). */
const countingChecks = () => {
  let checks = 0;
  const wrap = (ports: Ports): Ports => {
    const hasher = ports.passwords;
    const counted: PasswordHasher = {
      hash: (password) => hasher.hash(password),
      verify: (stored, password) => {
        checks++;
        return hasher.verify(stored, password);
      },
      verifyDummy: (password) => {
        checks++;
        return hasher.verifyDummy(password);
      },
    };
    return { ...ports, passwords: counted };
  };
  return { wrap, checks: () => checks };
};

/** The one-time tokens the server makes, newest last (a reset link's is the one made after asking). */
const keepingTokens = () => {
  const tokens: string[] = [];
  const wrap = (ports: Ports): Ports => ({
    ...ports,
    ids: {
      ...ports.ids,
      uuid: () => ports.ids.uuid(),
      tokenHash: (token) => ports.ids.tokenHash(token),
      token: () => {
        const token = ports.ids.token();
        tokens.push(token);
        return token;
      },
    },
  });
  return { wrap, last: () => tokens.at(-1) };
};

let address = 0;
/** A client address of its own (the server trusts one proxy hop, which names it in X-Forwarded-For). */
const newAddress = () => `198.51.100.${++address}`;
const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`login and registration limits [${engine.name}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    const counter = countingChecks();
    const tokens = keepingTokens();

    beforeAll(async () => {
      // the limits' windows read Date.now: a fixed clock makes every Retry-After exact
      vi.useFakeTimers({ toFake: ["Date"], now: T });
      db = await freshDatabase(engine.name);
      server = await startServer(
        db.url,
        { trustProxy: 1, loginRateLimit: 5, loginIpRateLimit: 20, loginAccountRateLimit: 10, registerRateLimit: 5 },
        undefined,
        { ports: (ports) => tokens.wrap(counter.wrap(ports)) },
      );
    });
    afterAll(async () => {
      await server?.close();
      await db?.drop();
      vi.useRealTimers();
    });

    /** a player registered from an address of its own, so the registrations limit never sees it */
    const player = async () => {
      const name = unique("cuenta");
      const answer = await new Client(server.baseUrl).post("/api/auth/register", { email: `${name}@correo.ec`, username: name, password: PASSWORD }, from(newAddress()));
      expect(answer.status).toBe(201);
      return name;
    };

    const login = (path: string, username: string, password: string, ip: string) =>
      new Client(server.baseUrl).post(path, { username, password }, from(ip));

    it("when 150 wrong logins for one player arrive at once from one address, then 5 passwords are checked and the other 145 are 429", async () => {
      vi.setSystemTime(T);
      const name = await player();
      const ip = newAddress();
      const before = counter.checks();
      const answers = await Promise.all(Array.from({ length: 150 }, () => login("/api/auth/login", name, "clave-equivocada", ip)));
      expect(counter.checks() - before).toBe(5);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(145);
      expect(refused[0]!.body).toEqual(PER_MINUTE);
      expect(refused[0]!.headers.get("retry-after")).toBe("60");
    });

    it("when 150 wrong admin logins arrive at once from one address, then 5 passwords are checked", async () => {
      vi.setSystemTime(T);
      const admin = await suiteAdmin(server);
      const ip = newAddress();
      const before = counter.checks();
      const answers = await Promise.all(Array.from({ length: 150 }, () => login("/api/admin/login", admin, "clave-equivocada", ip)));
      expect(counter.checks() - before).toBe(5);
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(5).fill(401), ...Array(145).fill(429)]);
    });

    it("when 150 different user names arrive at once from one address, then the address's 20 are checked", async () => {
      vi.setSystemTime(T);
      const ip = newAddress();
      const before = counter.checks();
      const answers = await Promise.all(Array.from({ length: 150 }, () => login("/api/auth/login", unique("rociado"), "clave-equivocada", ip)));
      expect(counter.checks() - before).toBe(20);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(20);
    });

    it("when a player logs in rightly again and again, then never limited; their own wrong tries still count", async () => {
      vi.setSystemTime(T);
      const name = await player();
      const ip = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login("/api/auth/login", name, "me-equivoque", ip)).status);
      // more than the 5 a minute per address and the 10 per account
      for (let i = 0; i < 12; i++) statuses.push((await login("/api/auth/login", name, PASSWORD, ip)).status);
      statuses.push((await login("/api/auth/login", name, "me-equivoque", ip)).status);
      statuses.push((await login("/api/auth/login", name, PASSWORD, ip)).status);
      expect(statuses).toEqual([401, 401, 401, 401, ...Array(12).fill(200), 401, 429]);
    });

    it("when one account is guessed from 12 addresses, then the 11th guess is 429 on either login; the owner resets the password and logs in at once", async () => {
      vi.setSystemTime(T);
      const name = await player();
      const before = counter.checks();
      const guesses: Array<{ status: number; body: unknown; retryAfter: string | null }> = [];
      for (let i = 0; i < 12; i++) {
        // the player's and the admin's login check the same password: one budget
        const answer = await login(i % 3 === 2 ? "/api/admin/login" : "/api/auth/login", name.toUpperCase(), `intento-${i}`, newAddress());
        guesses.push({ status: answer.status, body: answer.body, retryAfter: answer.headers.get("retry-after") });
      }
      expect(guesses.map((g) => g.status)).toEqual([...Array(10).fill(401), 429, 429]);
      expect(guesses[10]).toEqual({ status: 429, body: PER_ACCOUNT, retryAfter: "300" });
      expect(counter.checks() - before).toBe(10);

      // the owner, from an address that never failed, with the right password: the account is closed
      const owner = newAddress();
      vi.setSystemTime(T + 3 * MINUTE);
      expect((await login("/api/auth/login", name, PASSWORD, owner)).body).toEqual(PER_ACCOUNT);

      const guest = new Client(server.baseUrl);
      expect((await guest.post("/api/auth/password-reset", { email: `${name}@correo.ec` }, from(owner))).status).toBe(202);
      const token = tokens.last()!;
      expect((await guest.post(`/api/auth/password-reset/${token}`, { password: "recuperada-clave-2026" }, from(owner))).status).toBe(204);
      const after = await login("/api/auth/login", name, "recuperada-clave-2026", owner);
      expect(after.status).toBe(200);
      // and the budget is whole again: the next wrong guess is checked (401), not refused
      expect((await login("/api/auth/login", name, "intento-13", newAddress())).status).toBe(401);
    });

    it("when 15 minutes have passed since the guesses, then the account's budget is back", async () => {
      vi.setSystemTime(T);
      const name = await player();
      for (let i = 0; i < 10; i++) expect((await login("/api/auth/login", name, `intento-${i}`, newAddress())).status).toBe(401);
      vi.setSystemTime(T + 4 * MINUTE);
      expect((await login("/api/auth/login", name, PASSWORD, newAddress())).status).toBe(429);
      // the next quarter hour counts what is left of this one, in proportion: 30 minutes later, nothing
      vi.setSystemTime(T + 30 * MINUTE);
      expect((await login("/api/auth/login", name, PASSWORD, newAddress())).status).toBe(200);
    });

    it("when one address registers a 6th account in an hour, then 429 says so, still 10 minutes later; another address registers", async () => {
      vi.setSystemTime(T);
      const ip = newAddress();
      const register = (at: string) => {
        const name = unique("masivo");
        return new Client(server.baseUrl).post("/api/auth/register", { email: `${name}@correo.ec`, username: name, password: PASSWORD }, from(at));
      };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await register(ip)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201]);
      const sixth = await register(ip);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual(PER_HOUR);
      expect(sixth.headers.get("retry-after")).toBe(String(50 * 60));

      vi.setSystemTime(T + 10 * MINUTE);
      expect((await register(ip)).status).toBe(429);
      expect((await register(newAddress())).status).toBe(201);
      vi.setSystemTime(T + 2 * 60 * MINUTE);
      expect((await register(ip)).status).toBe(201);
    });
  });

  describe.skipIf(!engine.available)(`cross-site writes [${engine.name}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    beforeAll(async () => {
      db = await freshDatabase(engine.name);
      // PUBLIC_URL is the address people use (a proxy's); the server itself listens on 127.0.0.1
      server = await startServer(db.url, { publicUrl: "https://reservas.club.ec" });
    });
    afterAll(async () => {
      await server?.close();
      await db?.drop();
    });

    const EVIL = { origin: "https://otro-sitio.example" };

    it("when a login comes from another site's page, then 403 and no session is made", async () => {
      const { user } = await newPlayer(server);
      const guest = new Client(server.baseUrl);
      const answer = await guest.post("/api/auth/login", { username: user.username, password: PASSWORD }, { headers: EVIL });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(FORBIDDEN_ORIGIN);
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(guest.session).toBeUndefined();
    });

    it("when another site's page books or deletes with the victim's cookie, then 403 and nothing changes", async () => {
      const { courts } = await demoCourts(server);
      const { client } = await newPlayer(server);
      const admin = await adminClient(server);
      const slot = freshSlot(courts);
      const booked = await client.request("POST", "/api/bookings", { json: slot, headers: EVIL });
      expect(booked.status).toBe(403);
      expect(booked.body).toEqual(FORBIDDEN_ORIGIN);
      expect((await client.get<unknown[]>("/api/user/bookings")).body).toEqual([]);

      const deleted = await admin.request("DELETE", `/api/courts/${slot.courtId}`, { headers: EVIL });
      expect(deleted.status).toBe(403);
      expect((await admin.get(`/api/courts/${slot.courtId}`)).status).toBe(200);

      const profile = await client.request("PUT", "/api/user/profile", { json: { email: "robado@otro.ec", username: unique("robado") }, headers: { origin: "null" } });
      expect(profile.status).toBe(403);
    });

    it("when the Origin is PUBLIC_URL's, the server's own host or absent, then the write goes through", async () => {
      const { courts } = await demoCourts(server);
      const { client, user } = await newPlayer(server);
      const own = new URL(server.baseUrl).origin;
      const origins: Array<Record<string, string>> = [{ origin: "https://reservas.club.ec" }, { origin: own }, {}];
      for (const headers of origins) {
        const answer = await client.request("POST", "/api/bookings", { json: freshSlot(courts), headers });
        expect({ headers, status: answer.status }).toEqual({ headers, status: 201 });
      }
      const login = await new Client(server.baseUrl).post("/api/auth/login", { username: user.username, password: PASSWORD }, { headers: { origin: own } });
      expect(login.status).toBe(200);
      // another port of the same host is another origin
      const port = await new Client(server.baseUrl).post("/api/auth/login", { username: user.username, password: PASSWORD }, { headers: { origin: "http://127.0.0.1:1" } });
      expect(port.status).toBe(403);
    });

    it("when a read comes with another site's Origin, then it is answered (reads change nothing)", async () => {
      expect((await new Client(server.baseUrl).get("/api/venues", { headers: EVIL })).status).toBe(200);
    });
  });
}
