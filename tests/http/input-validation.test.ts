import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, book, demoCourts, newPlayer, type CourtShape } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

/**
 * Bad input answers 400 `{ message, code: "INVALID_INPUT", field }` with the Spanish message of
 * the core request schema, never a 500; malformed JSON, oversized bodies and other content
 * types answer 400, 413 and 415.
 */

type As = "guest" | "player" | "admin";

interface BadCase {
  readonly name: string;
  readonly as: As;
  readonly method: "POST" | "PUT" | "PATCH" | "GET";
  readonly path: (ids: Ids) => string;
  readonly body?: (ids: Ids) => unknown;
  readonly field: string;
  readonly message: string | RegExp;
}

interface Ids {
  readonly courtId: string;
  readonly venueId: string;
  readonly bookingId: string;
  readonly codeId: string;
}

const slot = (ids: Ids) => ({ courtId: ids.courtId, bookingDate: "2030-03-04T00:00:00", timeSlot: "10:00", gameType: "singles" });
const court = (ids: Ids) => ({ name: "Cancha", courtNumber: 3, venueId: ids.venueId });
const code = { code: "VERANO", type: "percentage", value: 10 };

const CASES: readonly BadCase[] = [
  { name: "register: body not an object", as: "guest", method: "POST", path: () => "/api/auth/register", body: () => [1, 2], field: "body", message: "El cuerpo de la petición debe ser un objeto JSON" },
  { name: "register: email", as: "guest", method: "POST", path: () => "/api/auth/register", body: () => ({ email: "no-es-correo", username: "pedro", password: "clave-larga-1" }), field: "email", message: "El campo 'email' debe ser un correo electrónico válido" },
  { name: "register: email missing", as: "guest", method: "POST", path: () => "/api/auth/register", body: () => ({ username: "pedro", password: "clave-larga-1" }), field: "email", message: "El campo 'email' debe ser un correo electrónico válido" },
  { name: "register: username", as: "guest", method: "POST", path: () => "/api/auth/register", body: () => ({ email: "p@correo.ec", username: "p", password: "clave-larga-1" }), field: "username", message: /El campo 'username' debe tener entre 3 y 30/ },
  { name: "register: password", as: "guest", method: "POST", path: () => "/api/auth/register", body: () => ({ email: "p@correo.ec", username: "pedro", password: "corta" }), field: "password", message: "La contraseña debe tener al menos 10 caracteres (y hasta 200)" },
  { name: "login: username", as: "guest", method: "POST", path: () => "/api/auth/login", body: () => ({ username: "  ", password: "x" }), field: "username", message: "El campo 'username' es requerido" },
  { name: "login: password", as: "guest", method: "POST", path: () => "/api/auth/login", body: () => ({ username: "pedro" }), field: "password", message: "El campo 'password' es requerido" },
  // a value of the wrong type is there, not missing: it is told what the field takes
  { name: "admin login: password type", as: "guest", method: "POST", path: () => "/api/admin/login", body: () => ({ username: "admin", password: 12345678 }), field: "password", message: "El campo 'password' debe ser un texto de hasta 200 caracteres" },
  { name: "login: username type", as: "guest", method: "POST", path: () => "/api/auth/login", body: () => ({ username: ["pedro"], password: "x" }), field: "username", message: "El campo 'username' debe ser un texto de hasta 100 caracteres" },
  { name: "booking: courtId type", as: "player", method: "POST", path: () => "/api/bookings", body: (ids) => ({ ...slot(ids), courtId: 5 }), field: "courtId", message: "El campo 'courtId' debe ser un identificador de hasta 64 caracteres: letras, números, '-' o '_'" },
  { name: "booking: courtId with spaces", as: "player", method: "POST", path: () => "/api/bookings", body: (ids) => ({ ...slot(ids), courtId: "cancha 1" }), field: "courtId", message: "El campo 'courtId' debe ser un identificador de hasta 64 caracteres: letras, números, '-' o '_'" },
  { name: "cancellation: bookingId type", as: "player", method: "POST", path: () => "/api/cancellations", body: () => ({ bookingId: { id: "x" } }), field: "bookingId", message: "El campo 'bookingId' debe ser un identificador de hasta 64 caracteres: letras, números, '-' o '_'" },
  { name: "booking: courtId blank", as: "player", method: "POST", path: () => "/api/bookings", body: (ids) => ({ ...slot(ids), courtId: "   " }), field: "courtId", message: "El campo 'courtId' es requerido" },
  { name: "discount code: code type", as: "admin", method: "POST", path: () => "/api/admin/discount-codes", body: () => ({ ...code, code: 5 }), field: "code", message: "El campo 'code' debe ser un texto de hasta 32 caracteres" },
  { name: "discount code: code null", as: "admin", method: "POST", path: () => "/api/admin/discount-codes", body: () => ({ ...code, code: null }), field: "code", message: "El campo 'code' es requerido" },
  { name: "court: venueId type", as: "admin", method: "POST", path: () => "/api/courts", body: (ids) => ({ ...court(ids), venueId: 7 }), field: "venueId", message: "El campo 'venueId' debe ser un identificador de hasta 64 caracteres: letras, números, '-' o '_'" },
  { name: "profile: email", as: "player", method: "PUT", path: () => "/api/user/profile", body: () => ({ email: "@", username: "pedro" }), field: "email", message: "El campo 'email' debe ser un correo electrónico válido" },
  { name: "booking: courtId", as: "player", method: "POST", path: () => "/api/bookings", body: (ids) => ({ ...slot(ids), courtId: undefined }), field: "courtId", message: "El campo 'courtId' es requerido" },
  { name: "booking: bookingDate", as: "player", method: "POST", path: () => "/api/bookings", body: (ids) => ({ ...slot(ids), bookingDate: "2030-02-30" }), field: "bookingDate", message: "El campo 'bookingDate' debe ser una fecha AAAA-MM-DD" },
  { name: "booking: timeSlot", as: "player", method: "POST", path: () => "/api/bookings", body: (ids) => ({ ...slot(ids), timeSlot: "22:00" }), field: "timeSlot", message: "El campo 'timeSlot' debe ser una hora en punto entre 06:00 y 21:00" },
  { name: "booking: gameType", as: "player", method: "POST", path: () => "/api/bookings", body: (ids) => ({ ...slot(ids), gameType: "tripes" }), field: "gameType", message: "El campo 'gameType' debe ser 'singles' o 'doubles'" },
  { name: "cancellation: bookingId", as: "player", method: "POST", path: () => "/api/cancellations", body: () => ({ cancellationReason: "x" }), field: "bookingId", message: "El campo 'bookingId' es requerido" },
  { name: "cancellation: reason length", as: "player", method: "POST", path: () => "/api/cancellations", body: (ids) => ({ bookingId: ids.bookingId, cancellationReason: "x".repeat(501) }), field: "cancellationReason", message: "El campo 'cancellationReason' admite hasta 500 caracteres" },
  { name: "payment intent: paymentType", as: "player", method: "POST", path: () => "/api/create-payment-intent", body: (ids) => ({ bookingId: ids.bookingId, paymentType: "half" }), field: "paymentType", message: "El campo 'paymentType' debe ser 'partial' o 'full'" },
  { name: "payment intent: both kinds", as: "player", method: "POST", path: () => "/api/create-payment-intent", body: (ids) => ({ bookingId: ids.bookingId, paymentType: "full", shareToken: "abc" }), field: "body", message: "Indica 'paymentType' (partial o full) o 'shareToken', no ambos" },
  { name: "record payment: intent id", as: "player", method: "POST", path: () => "/api/payments", body: (ids) => ({ bookingId: ids.bookingId }), field: "stripePaymentIntentId", message: "El campo 'stripePaymentIntentId' es requerido" },
  { name: "share link: maxParticipants", as: "player", method: "POST", path: () => "/api/shared-payment-links", body: (ids) => ({ bookingId: ids.bookingId, maxParticipants: 0 }), field: "maxParticipants", message: "El campo 'maxParticipants' debe ser 2 (singles) o 4 (dobles)" },
  { name: "share link: wrong maxParticipants for singles", as: "player", method: "POST", path: () => "/api/shared-payment-links", body: (ids) => ({ bookingId: ids.bookingId, maxParticipants: 4 }), field: "maxParticipants", message: "El campo 'maxParticipants' debe ser 2 para singles" },
  { name: "validate code: empty", as: "guest", method: "POST", path: () => "/api/discount-codes/validate", body: () => ({ code: "" }), field: "code", message: "Escribe un código de descuento" },
  { name: "card: number missing", as: "guest", method: "POST", path: () => "/api/simulated-card/confirm", body: () => ({ clientSecret: "x", expMonth: 1, expYear: 2040, cvc: "123" }), field: "cardNumber", message: "Número de tarjeta inválido" },
  { name: "calendar: month", as: "guest", method: "GET", path: (ids) => `/api/venues/${ids.venueId}/bookings?year=2030&month=13`, field: "month", message: "El parámetro 'month' debe ser un mes entre 1 y 12" },
  { name: "calendar: year missing", as: "guest", method: "GET", path: (ids) => `/api/venues/${ids.venueId}/bookings?month=3`, field: "year", message: "El parámetro 'year' debe ser un año entre 2000 y 2100" },
  { name: "blocks: venueId missing", as: "admin", method: "GET", path: () => "/api/admin/blocks", field: "venueId", message: "El parámetro 'venueId' es requerido" },
  { name: "blocks: venueId not an id", as: "admin", method: "GET", path: () => "/api/admin/blocks?venueId=club%20norte", field: "venueId", message: "El parámetro 'venueId' debe ser un identificador de hasta 64 caracteres: letras, números, '-' o '_'" },
  { name: "player lookup: username too long", as: "admin", method: "GET", path: () => `/api/admin/users?username=${"a".repeat(101)}`, field: "username", message: "El parámetro 'username' debe ser un texto de hasta 100 caracteres" },
  { name: "player search: q too long", as: "admin", method: "GET", path: () => `/api/admin/users?q=${"a".repeat(101)}`, field: "q", message: "El parámetro 'q' debe ser un texto de hasta 100 caracteres" },
  { name: "walk-in: full name", as: "admin", method: "POST", path: () => "/api/admin/users", body: () => ({ fullName: "A" }), field: "fullName", message: "El nombre completo debe tener entre 2 y 80 caracteres" },
  { name: "walk-in: email list", as: "admin", method: "POST", path: () => "/api/admin/users", body: () => ({ fullName: "Ana Paz", email: "ana@x.ec,beto@x.ec" }), field: "email", message: "El campo 'email' debe ser un correo electrónico válido" },
  { name: "password reset: email", as: "guest", method: "POST", path: () => "/api/auth/password-reset", body: () => ({ email: "Ana <ana@x.ec>" }), field: "email", message: "El campo 'email' debe ser un correo electrónico válido" },
  { name: "password change: new password", as: "player", method: "POST", path: () => "/api/user/password", body: () => ({ currentPassword: "x", newPassword: "corta" }), field: "newPassword", message: "La contraseña debe tener al menos 10 caracteres (y hasta 200)" },
  { name: "profile: phone too long", as: "player", method: "PUT", path: () => "/api/user/profile", body: () => ({ email: "ana@x.ec", username: "ana_paz", phone: "9".repeat(31) }), field: "phone", message: "El teléfono admite hasta 30 caracteres" },
  { name: "availability: date", as: "guest", method: "GET", path: (ids) => `/api/courts/${ids.courtId}/bookings?date=2030-02-30`, field: "date", message: "El parámetro 'date' debe ser una fecha AAAA-MM-DD" },
  { name: "venue: name", as: "admin", method: "POST", path: () => "/api/venues", body: () => ({ name: "", location: "Quito" }), field: "name", message: "El nombre y la ubicación son requeridos" },
  { name: "venue: location", as: "admin", method: "POST", path: () => "/api/venues", body: () => ({ name: "Club" }), field: "location", message: "El nombre y la ubicación son requeridos" },
  { name: "venue: name too long", as: "admin", method: "POST", path: () => "/api/venues", body: () => ({ name: "C".repeat(121), location: "Quito" }), field: "name", message: "El nombre admite hasta 120 caracteres" },
  { name: "venue: location too long", as: "admin", method: "POST", path: () => "/api/venues", body: () => ({ name: "Club", location: "Q".repeat(201) }), field: "location", message: "La ubicación admite hasta 200 caracteres" },
  { name: "venue: name not text", as: "admin", method: "POST", path: () => "/api/venues", body: () => ({ name: 7, location: "Quito" }), field: "name", message: "El campo 'name' debe ser un texto de hasta 120 caracteres" },
  { name: "court: name too long", as: "admin", method: "POST", path: () => "/api/courts", body: (ids) => ({ ...court(ids), name: "N".repeat(121) }), field: "name", message: "El campo 'name' admite hasta 120 caracteres" },
  { name: "venue: imageUrl scheme", as: "admin", method: "POST", path: () => "/api/venues", body: () => ({ name: "Club", location: "Quito", imageUrl: "javascript:alert(1)" }), field: "imageUrl", message: "El campo 'imageUrl' debe empezar por http://, https:// o /" },
  { name: "venue image: imageData", as: "admin", method: "PUT", path: (ids) => `/api/venues/${ids.venueId}/image`, body: () => ({}), field: "imageData", message: "El campo 'imageData' es requerido" },
  { name: "court: name", as: "admin", method: "POST", path: () => "/api/courts", body: (ids) => ({ ...court(ids), name: " " }), field: "name", message: "Todos los campos son requeridos: 'name'" },
  { name: "court: courtNumber", as: "admin", method: "POST", path: () => "/api/courts", body: (ids) => ({ ...court(ids), courtNumber: 1.5 }), field: "courtNumber", message: /'courtNumber' debe ser un número entero entre 1 y 999/ },
  { name: "court: venueId", as: "admin", method: "POST", path: () => "/api/courts", body: (ids) => ({ ...court(ids), venueId: undefined }), field: "venueId", message: "Todos los campos son requeridos: 'venueId'" },
  { name: "court: price decimals", as: "admin", method: "PUT", path: (ids) => `/api/courts/${ids.courtId}`, body: (ids) => ({ ...court(ids), daySinglesPrice: "14.555" }), field: "daySinglesPrice", message: "El campo 'daySinglesPrice' debe ser un precio entre 1.00 y 10000.00 con hasta 2 decimales: cada parte se paga con tarjeta, desde $0.50" },
  // a free hour could never be paid by card: it would run out as an unpaid hold
  { name: "court: price too low to pay", as: "admin", method: "PUT", path: (ids) => `/api/courts/${ids.courtId}`, body: (ids) => ({ ...court(ids), dayDoublesPrice: "1.99" }), field: "dayDoublesPrice", message: "El campo 'dayDoublesPrice' debe ser un precio entre 2.00 y 10000.00 con hasta 2 decimales: cada parte se paga con tarjeta, desde $0.50" },
  { name: "court: free hour", as: "admin", method: "PUT", path: (ids) => `/api/courts/${ids.courtId}`, body: (ids) => ({ ...court(ids), nightSinglesPrice: "0.00" }), field: "nightSinglesPrice", message: "El campo 'nightSinglesPrice' debe ser un precio entre 1.00 y 10000.00 con hasta 2 decimales: cada parte se paga con tarjeta, desde $0.50" },
  { name: "court: negative price", as: "admin", method: "POST", path: () => "/api/courts", body: (ids) => ({ ...court(ids), nightDoublesPrice: -3 }), field: "nightDoublesPrice", message: "El campo 'nightDoublesPrice' debe ser un precio entre 2.00 y 10000.00 con hasta 2 decimales: cada parte se paga con tarjeta, desde $0.50" },
  { name: "discount: type", as: "admin", method: "POST", path: () => "/api/admin/discount-codes", body: () => ({ ...code, type: "gratis" }), field: "type", message: "El campo 'type' debe ser 'percentage' o 'fixed'" },
  { name: "discount: value", as: "admin", method: "POST", path: () => "/api/admin/discount-codes", body: () => ({ ...code, value: -1 }), field: "value", message: "El campo 'value' debe ser un número entre 0 y 10000" },
  { name: "discount: percentage above 100", as: "admin", method: "POST", path: () => "/api/admin/discount-codes", body: () => ({ ...code, value: 150 }), field: "value", message: "El porcentaje debe ser un número entero entre 0 y 100" },
  { name: "discount: maxUsage", as: "admin", method: "POST", path: () => "/api/admin/discount-codes", body: () => ({ ...code, maxUsage: 0 }), field: "maxUsage", message: "El campo 'maxUsage' debe ser un número entero mayor o igual a 1" },
  { name: "discount: expiresAt", as: "admin", method: "POST", path: () => "/api/admin/discount-codes", body: () => ({ ...code, expiresAt: "mañana" }), field: "expiresAt", message: "El campo 'expiresAt' debe ser una fecha ISO 8601" },
  { name: "discount: code pattern", as: "admin", method: "POST", path: () => "/api/admin/discount-codes", body: () => ({ ...code, code: "¡no!" }), field: "code", message: "El código debe tener de 3 a 32 letras, números, '-' o '_'" },
  { name: "discount patch: isActive", as: "admin", method: "PATCH", path: (ids) => `/api/admin/discount-codes/${ids.codeId}`, body: () => ({ isActive: "sí" }), field: "isActive", message: "El campo 'isActive' debe ser verdadero o falso" },
  { name: "path id", as: "guest", method: "GET", path: () => "/api/venues/no%20v%C3%A1lido", field: "id", message: "El parámetro 'id' no es un identificador válido" },
  // an id longer than the router's default 100 characters used to answer 'Ruta no encontrada'
  { name: "path id of 101 characters", as: "guest", method: "GET", path: () => `/api/venues/${"a".repeat(101)}`, field: "id", message: "El parámetro 'id' no es un identificador válido" },
  { name: "court id of 4,000 characters", as: "guest", method: "GET", path: () => `/api/courts/${"a".repeat(4000)}/bookings?date=2030-01-01`, field: "id", message: "El parámetro 'id' no es un identificador válido" },
];

describeOnEngines("input validation", (server) => {
  let ids: Ids;
  let clients: Record<As, Client>;
  let courts: CourtShape[];

  beforeAll(async () => {
    const demo = await demoCourts(server());
    courts = demo.courts;
    const player = await newPlayer(server());
    const admin = await adminClient(server());
    const booking = await book(player.client, courts);
    const codeId = (await admin.post<{ id: string }>("/api/admin/discount-codes", { code: "PATCHME", type: "fixed", value: 3 })).body.id;
    ids = { courtId: courts[0]!.id, venueId: demo.venues[0]!.id, bookingId: booking.id, codeId };
    clients = { guest: new Client(server().baseUrl), player: player.client, admin };
  });

  it.each(CASES)("$name -> 400 on '$field'", async (c) => {
    const path = c.path(ids);
    const answer = c.body ? await clients[c.as].request(c.method, path, { json: c.body(ids) }) : await clients[c.as].request(c.method, path);
    expect(answer.status, answer.text).toBe(400);
    const body = answer.body as { message: string; code: string; field: string };
    expect(body.code).toBe("INVALID_INPUT");
    expect(body.field).toBe(c.field);
    if (typeof c.message === "string") expect(body.message).toBe(c.message);
    else expect(body.message).toMatch(c.message);
  });

  describe("the body itself", () => {
    it("when the JSON is malformed, then 400 in Spanish", async () => {
      const answer = await clients.guest.request("POST", "/api/auth/login", { body: '{"username": "a",', headers: { "content-type": "application/json" } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: "El cuerpo de la petición no es un JSON válido", code: "INVALID_INPUT", field: "body" });
    });

    it("when the body is 16 KiB + 1 byte, then 413", async () => {
      const big = `{"username":"${"a".repeat(16 * 1024 - 14)}"}`;
      expect(Buffer.byteLength(big)).toBe(16 * 1024 + 1);
      const answer = await clients.guest.request("POST", "/api/auth/login", { body: big, headers: { "content-type": "application/json" } });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    });

    it("when a body is just under 16 KiB, then it is read (and judged on its fields)", async () => {
      const body = `{"username":"${"a".repeat(16 * 1000)}","password":"x"}`;
      const answer = await clients.guest.request("POST", "/api/auth/login", { body, headers: { "content-type": "application/json" } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ field: "username" });
    });

    it.each([
      ["text/plain", "username=a"],
      ["application/x-www-form-urlencoded", "username=a&password=b"],
      ["multipart/form-data; boundary=x", "--x--"],
    ])("when the content type is %s, then 415", async (type, body) => {
      const answer = await clients.guest.request("POST", "/api/auth/login", { body, headers: { "content-type": type } });
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    });

    it("when a JSON call carries an empty JSON body, then it reads as no body", async () => {
      const answer = await clients.guest.request("POST", "/api/auth/logout", { body: "", headers: { "content-type": "application/json" } });
      expect(answer.status).toBe(200);
    });

    it("when unknown fields are sent, then they are ignored", async () => {
      const answer = await clients.admin.post<{ name: string }>("/api/venues", { name: "Club Extra", location: "Ambato", admin: true, id: "mine" });
      expect(answer.status).toBe(201);
      expect(answer.body).not.toHaveProperty("admin");
      expect((answer.body as unknown as { id: string }).id).not.toBe("mine");
    });
  });

  describe("paths", () => {
    it("when an /api path does not exist, then JSON 404", async () => {
      for (const method of ["GET", "POST", "DELETE"]) {
        const answer = await clients.guest.request(method, "/api/no-existe/para-nada");
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: "Ruta no encontrada", code: "NOT_FOUND" });
      }
    });

    it("when a venue or court does not exist, then 404 with its Spanish message", async () => {
      expect((await clients.guest.get("/api/venues/no-existe")).body).toEqual({ message: "Complejo no encontrado", code: "VENUE_NOT_FOUND" });
      expect((await clients.guest.get("/api/courts/no-existe")).body).toEqual({ message: "Cancha no encontrada", code: "COURT_NOT_FOUND" });
      const day = await clients.guest.get("/api/courts/no-existe/bookings?date=2030-01-15");
      expect([day.status, day.body]).toEqual([404, { message: "Cancha no encontrada", code: "COURT_NOT_FOUND" }]);
      expect((await clients.guest.get("/api/images/no-existe")).status).toBe(404);
    });

    it("when a court's day is asked again with the same date text, then it is judged as the first time: a bad date refused each time, a good one answered with any other parameter", async () => {
      const day = (query: string) => clients.guest.get<{ date?: string; field?: string }>(`/api/courts/${ids.courtId}/bookings?${query}`);
      for (let i = 0; i < 3; i++) {
        for (const bad of ["date=2030-02-30", "date=", "date=2030-1-05", "fecha=2030-01-05"]) {
          const answer = await day(bad);
          expect([bad, answer.status, answer.body.field]).toEqual([bad, 400, "date"]);
        }
        const good = await day(i === 0 ? "date=2030-01-05" : `date=2030-01-05&x=${i}`);
        expect([good.status, good.body.date]).toEqual([200, "2030-01-05"]);
      }
      // the same text for a court that does not exist: still 404
      expect((await clients.guest.get("/api/courts/no-existe/bookings?date=2030-01-05")).status).toBe(404);
    });
  });
});
