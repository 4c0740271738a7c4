import { connect } from "node:net";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, SESSION_COOKIE } from "@courts/adapters";
import { configProblems } from "../support/config-problems.js";
import { Client } from "./support/client.js";
import { adminClient, book, demoCourts, freshSlot, newPlayer, pay, PASSWORD, unique } from "./support/fixtures.js";
import { describeOnEngines, freshDatabase, startServer, type TestDatabase, type TestServer } from "./support/server.js";

const RATE_LIMITED = { code: "RATE_LIMITED", message: "Demasiados intentos. Espera un minuto e inténtalo de nuevo." };

describe("TRUST_PROXY", () => {
  it("when PUBLIC_URL is https and TRUST_PROXY is unset, then no X-Forwarded-For is trusted", () => {
    expect(loadConfig({ PUBLIC_URL: "https://reservas.ejemplo.ec" }, { persistSecret: false }).trustProxy).toBe(false);
  });

  it("when it is a hop count or a list of proxy addresses, then exactly that is trusted", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }, { persistSecret: false }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 10.0.1.0/24" }, { persistSecret: false }).trustProxy).toEqual(["10.0.0.5", "10.0.1.0/24"]);
    expect(loadConfig({ TRUST_PROXY: "false" }, { persistSecret: false }).trustProxy).toBe(false);
  });

  it("when it is true (every X-Forwarded-For) or not an address, then the server refuses to start and says why", () => {
    expect(configProblems({ TRUST_PROXY: "true" })[0]).toMatch(/^TRUST_PROXY debe ser el número de proxies .*"true" confiaría en cualquier X-Forwarded-For/);
    expect(configProblems({ TRUST_PROXY: "10.0.0.300" })[0]).toBe('TRUST_PROXY: "10.0.0.300" no es una dirección IP ni un rango CIDR');
  });
});

describe("limits of the service [sqlite]", () => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await freshDatabase("sqlite");
    server = await startServer(db.url, { loginIpRateLimit: 20, anonymousWriteRateLimit: 5, registerRateLimit: 30 });
  });
  afterAll(async () => {
    await server.close();
    await db.drop();
  });

  it("when 12 wrong admin logins come with 12 forged X-Forwarded-For addresses, then the 6th is refused (no proxy trusted)", async () => {
    const guest = new Client(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await guest.post("/api/admin/login", { username: "admin", password: "equivocada-1" }, { headers: { "x-forwarded-for": `203.0.113.${i + 1}` } });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body).toEqual(RATE_LIMITED);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
  });

  it("when 40 user names are tried from one address, then the per-IP limit answers 429 long before the 40th", async () => {
    const guest = new Client(server.baseUrl);
    // the earlier test spent 5 of this address's 20 failures; user names are all different
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await guest.post("/api/auth/login", { username: unique("spray"), password: "clave-equivocada" })).status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });

  it("when anonymous clients confirm simulated cards, then the 6th in a minute from one address is 429, before the body is read", async () => {
    const guest = new Client(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await guest.post("/api/simulated-card/confirm", { clientSecret: "nope", cardNumber: "4242", expMonth: 1, expYear: 2030, cvc: "1" })).status);
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const big = `{"x":"${"a".repeat(15_000)}"}`;
    const refused = await guest.request("POST", "/api/simulated-card/confirm", { body: big, headers: { "content-type": "application/json" } });
    expect(refused.status).toBe(429);
  });

  it("when a body nests 10,000 levels deep, then it is refused at once; 40 levels in a small body get a 400 saying why", async () => {
    const guest = new Client(server.baseUrl);
    for (const body of [`${"[".repeat(10_000)}${"]".repeat(10_000)}`, `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`]) {
      const started = performance.now();
      const answer = await guest.request("POST", "/api/auth/login", { body, headers: { "content-type": "application/json" } });
      expect(performance.now() - started).toBeLessThan(500);
      expect([400, 413]).toContain(answer.status);
    }
    const answer = await guest.request("POST", "/api/auth/login", { body: `${"[".repeat(40)}${"]".repeat(40)}`, headers: { "content-type": "application/json" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "El cuerpo de la petición anida demasiados niveles (máximo 32)", code: "INVALID_INPUT", field: "body" });
  });

  it.each([
    ["password", "La contraseña debe tener al menos 10 caracteres"],
    ["12345678", "La contraseña debe tener al menos 10 caracteres"],
    ["        ", "La contraseña debe tener al menos 10 caracteres"],
    ["          ", "La contraseña no puede ser un mismo carácter repetido ni solo espacios"],
    ["1234567890", "La contraseña es demasiado común (está entre las más usadas y filtradas): elige otra"],
    ["Qwertyuiop", "La contraseña es demasiado común (está entre las más usadas y filtradas): elige otra"],
  ])("when a player registers with the password %j, then 400 says why", async (password, message) => {
    const name = unique("clave");
    const answer = await new Client(server.baseUrl).post("/api/auth/register", { email: `${name}@correo.ec`, username: name, password });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: "password" });
    expect(String(answer.body.message)).toContain(message);
  });

  it("when a request body arrives too slowly, then the server answers 408 and closes instead of waiting forever", async () => {
    const slow = await startServer(db.url, { requestTimeoutSeconds: 1 });
    try {
      const port = Number(new URL(slow.baseUrl).port);
      const started = performance.now();
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () => {
          socket.write("POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
        });
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
        setTimeout(() => reject(new Error("still open after 8 s")), 8000).unref();
      });
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
      expect(performance.now() - started).toBeLessThan(4000);
    } finally {
      await slow.close();
    }
  });
});

describe("behind one trusted proxy (TRUST_PROXY=1) [sqlite]", () => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await freshDatabase("sqlite");
    server = await startServer(db.url, { trustProxy: 1, loginRateLimit: 3 });
  });
  afterAll(async () => {
    await server.close();
    await db.drop();
  });

  it("when the proxy's X-Forwarded-For names the client, then limits count per client, and what a client forged before it is ignored", async () => {
    const login = (xff: string) =>
      new Client(server.baseUrl).post("/api/auth/login", { username: "marta", password: "clave-equivocada" }, { headers: { "x-forwarded-for": xff } });
    for (let i = 0; i < 3; i++) expect((await login("198.51.100.7")).status).toBe(401);
    expect((await login("198.51.100.7")).status).toBe(429);
    // the same client, pretending to be others: the proxy appended its real address last
    expect((await login("203.0.113.99, 198.51.100.7")).status).toBe(429);
    // another client behind the same proxy
    expect((await login("198.51.100.8")).status).toBe(401);
  });
});

describe("limits shared by two server processes on one database [sqlite]", () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await freshDatabase("sqlite");
    a = await startServer(db.url, { loginRateLimit: 5, registerRateLimit: 4 });
    b = await startServer(db.url, { loginRateLimit: 5, registerRateLimit: 4 });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await db.drop();
  });

  it("when wrong logins for one user alternate between the two servers, then the 6th is refused on either", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push((await new Client(server.baseUrl).post("/api/auth/login", { username: "laura", password: "clave-equivocada" })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it("when registrations alternate between the two servers, then the limit counts them together", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const name = unique("reg");
      const server = i % 2 === 0 ? a : b;
      statuses.push((await new Client(server.baseUrl).post("/api/auth/register", { email: `${name}@correo.ec`, username: name, password: PASSWORD })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });
});

describeOnEngines("bad input never answers 500", (server, engine) => {
  let admin: Client;
  let player: { client: Client; user: { id: string } };
  let courts: Awaited<ReturnType<typeof demoCourts>>["courts"];
  let venues: Awaited<ReturnType<typeof demoCourts>>["venues"];
  beforeAll(async () => {
    ({ courts, venues } = await demoCourts(server()));
    admin = await adminClient(server());
    player = await newPlayer(server());
  });

  const NUL = "a\u0000b";

  it("when a NUL character is sent to public and private writes, then 400 names the field", async () => {
    const guest = new Client(server().baseUrl);
    const booking = await book(player.client, courts);
    const cases: Array<[Client, string, string, Record<string, unknown>, string]> = [
      [guest, "POST", "/api/auth/login", { username: NUL, password: "x" }, "username"],
      [guest, "POST", "/api/admin/login", { username: "admin", password: NUL }, "password"],
      [guest, "POST", "/api/auth/register", { email: "n@correo.ec", username: NUL, password: PASSWORD }, "username"],
      [guest, "POST", "/api/discount-codes/validate", { code: NUL }, "code"],
      [player.client, "POST", "/api/cancellations", { bookingId: booking.id, cancellationReason: NUL }, "cancellationReason"],
      [player.client, "PUT", "/api/user/profile", { email: "n@correo.ec", username: NUL }, "username"],
      [admin, "POST", "/api/venues", { name: NUL, location: "Quito" }, "name"],
      [admin, "PUT", `/api/courts/${courts[0]!.id}`, { name: NUL, courtNumber: 1, venueId: venues[0]!.id }, "name"],
      [guest, "POST", "/api/auth/login", { [NUL]: "x", username: "a", password: "b" }, NUL],
    ];
    for (const [client, method, path, json, field] of cases) {
      const answer = await client.request(method, path, { json });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body).toMatchObject({ code: "INVALID_INPUT", field });
      expect(String(answer.body.message)).toContain("caracteres de control");
    }
  });

  it("when an admin books for an unknown userId, then 404 (not a foreign-key 500)", async () => {
    const answer = await admin.post("/api/bookings", { ...freshSlot(courts), userId: "00000000-0000-4000-8000-000000000000" });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: "USER_NOT_FOUND", message: "No existe el usuario '00000000-0000-4000-8000-000000000000'" });
  });

  it(`when a price passes $10,000.00, then 400; exactly $10,000.00 is stored [${engine}]`, async () => {
    const court = courts[0]!;
    const body = { name: "Central", courtNumber: court.courtNumber, venueId: court.venueId, daySinglesPrice: "21474837.00" };
    const tooMuch = await admin.put(`/api/courts/${court.id}`, body);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ field: "daySinglesPrice" });
    expect((await admin.put(`/api/courts/${court.id}`, { ...body, daySinglesPrice: "999999999.99" })).status).toBe(400);
    const most = await admin.put(`/api/courts/${court.id}`, { ...body, daySinglesPrice: "10000.00" });
    expect(most.status).toBe(200);
    expect(most.body).toMatchObject({ daySinglesPrice: "10000.00" });
    expect((await admin.put(`/api/courts/${court.id}`, { ...body, daySinglesPrice: "14.50" })).status).toBe(200);
  });

  it("when a player records a payment naming another user's userId, then 403", async () => {
    const other = await newPlayer(server());
    const booking = await book(player.client, courts);
    const answer = await player.client.post("/api/payments", { bookingId: booking.id, userId: other.user.id, stripePaymentIntentId: "pi_x" });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: "NOT_ALLOWED" });
  });

  it("when dates, years and codes are malformed, then each is a 400 that says what is wrong", async () => {
    const feb30 = await admin.post("/api/admin/discount-codes", { code: unique("F").toUpperCase(), type: "fixed", value: 5, expiresAt: "2026-02-30T00:00:00.000Z" });
    expect(feb30.status).toBe(400);
    expect(feb30.body).toMatchObject({ field: "expiresAt" });
    const hex = await new Client(server().baseUrl).get(`/api/venues/${venues[0]!.id}/bookings?year=0x7E6&month=1`);
    expect(hex.status).toBe(400);
    expect(hex.body).toMatchObject({ field: "year" });
    const long = await new Client(server().baseUrl).post("/api/discount-codes/validate", { code: "A".repeat(300) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ code: "INVALID_INPUT", field: "code", message: "El código de descuento admite hasta 32 caracteres" });
    const created = await admin.post("/api/admin/discount-codes", { code: "B".repeat(300), type: "fixed", value: 5 });
    expect(created.body).toMatchObject({ field: "code", message: "El código de descuento admite hasta 32 caracteres" });
  });

  it("when a player retries a booking that was in fact written, then 409 says it is theirs with its id; another player hears the slot is taken", async () => {
    const slot = freshSlot(courts);
    const first = await player.client.post<{ id: string }>("/api/bookings", slot);
    expect(first.status).toBe(201);
    const retry = await player.client.post("/api/bookings", slot);
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual({ code: "ALREADY_BOOKED", bookingId: first.body.id, message: `Ya tienes esta reserva: el horario ${slot.timeSlot} de esta cancha es tuyo` });
    const other = await newPlayer(server());
    const taken = await other.client.post("/api/bookings", slot);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "SLOT_TAKEN" });
  });

  it("when a player edits their email after paying, then the invoice keeps the name and email of the payment, and shows the issuer", async () => {
    const buyer = await newPlayer(server());
    const booking = await book(buyer.client, courts);
    const payment = await pay(buyer.client, booking.id);
    const renamed = unique("nuevo");
    expect((await buyer.client.put("/api/user/profile", { email: `${renamed}@otro.ec`, username: renamed })).status).toBe(200);
    const pdf = await fetch(`${server().baseUrl}/api/payments/${payment.id}/invoice`, { headers: { cookie: `${SESSION_COOKIE}=${buyer.client.session}` } });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const { text } = await extractText(bytes, { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(buyer.user.username);
    expect(flat).toContain(`${buyer.user.username}@correo.ec`);
    expect(flat).not.toContain(renamed);
    expect(flat).toContain("EMISOR Reserva Tenis");

    // the admin's transaction list and CSV tell the same buyer as the invoice
    const listed = await admin.get<{ items: Array<{ id: string; userName: string | null; userEmail: string | null }> }>("/api/admin/transactions?pageSize=200");
    expect(listed.body.items.find((t) => t.id === payment.id)).toMatchObject({ userName: buyer.user.username, userEmail: `${buyer.user.username}@correo.ec` });
    const csv = await admin.get("/api/admin/transactions.csv");
    expect(csv.text).toContain(`${buyer.user.username}@correo.ec`);
    expect(csv.text).not.toContain(renamed);
  });
});
