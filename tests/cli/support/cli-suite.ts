import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Effect, Either } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  addDays,
  createBooking,
  instantOf,
  localDateOf,
  occupancyRate,
  registerUser,
  validateDiscountCode,
  type Booking,
  type Court,
  type Venue,
} from "@courts/core";
import { aPayment, written } from "../../support/builders.js";
import { freshDatabase, startServer, type EngineName, type TestDatabase, type TestServer } from "../../http/support/server.js";
import { TEST_DATABASE_URL } from "../../sql/support/postgres.js";
import { json, runCourts, runCourtsHere, type CourtsResult } from "./run-courts.js";

const ZONE = "America/Guayaquil";

interface SeedReport {
  readonly venues: readonly { id: string; name: string; created: boolean; courts: readonly { id: string; courtNumber: number; created: boolean }[] }[];
  readonly venuesCreated: number;
  readonly venuesSkipped: number;
  readonly courtsCreated: number;
  readonly courtsSkipped: number;
}

const expectFailure = (result: CourtsResult, exitCode: number, message: string) => {
  expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({ code: exitCode, stdout: "", stderr: `Error: ${message}\n` });
};

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.either(effect));

const orFail = async <A, E>(effect: Effect.Effect<A, E>): Promise<A> => {
  const result = await run(effect);
  if (Either.isLeft(result)) throw new Error(`unexpected failure: ${JSON.stringify(result.left)}`);
  return result.right;
};

/**
 * The `courts` binary as an operator runs it, against a fresh database of `engine`, checked
 * through the core use cases and the HTTP server working on that same database.
 */
export const describeCliSuite = (engine: EngineName): void => {
  const available = engine === "sqlite" || TEST_DATABASE_URL !== undefined;
  if (!available) console.warn("\n*** courts CLI suite on PostgreSQL SKIPPED: TEST_DATABASE_URL is not set ***\n");

  describe.skipIf(!available)(`courts CLI [${engine}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    let dir: string;
    let firstMigrate: CourtsResult;
    const env = () => ({ DATABASE_URL: db.url, DATA_DIR: dir });
    // the commands run in this process, as the binary runs them; the first migrate and the closed
    // pipe go through the binary itself
    const courts = (...args: string[]) => runCourtsHere(args, { env: env() });
    const courtsWithInput = (input: string, ...args: string[]) => runCourtsHere(args, { env: env(), input });
    const today = () => localDateOf(new Date(), ZONE);

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "courts-cli-"));
      db = await freshDatabase(engine);
      // the binary migrates the empty database first; then the server opens it
      firstMigrate = await runCourts(["migrate"], { env: env() });
      server = await startServer(db.url);
    });

    afterAll(async () => {
      await server?.close();
      await db?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("when migrate runs on an empty database, then it names what it applied, and a second run finds nothing to do", async () => {
      expect(firstMigrate.code).toBe(0);
      expect(firstMigrate.stdout).toMatch(/^Migraciones aplicadas en (SQLite|PostgreSQL):\n {2}Migration\d+_initial_schema\n/);
      expect(json<{ applied: string[] }>(await courts("--json", "migrate"))).toEqual({ engine, applied: [] });
    });

    it.skipIf(engine !== "sqlite")(
      "when a listing or a change of what exists names a SQLite file that does not exist, then exit 1 with the reason and no file is made",
      async () => {
        const missing = path.join(dir, "mal-escrito", "courts.sqlite");
        const at = { env: { DATABASE_URL: `sqlite:${missing}`, DATA_DIR: dir } };
        const results = await Promise.all([
          runCourtsHere(["venue", "list"], at),
          runCourtsHere(["stats", "--json"], at),
          runCourtsHere(["discount", "disable", "VERANO10"], at),
        ]);
        for (const result of results)
          expectFailure(result, 1, `No existe la base de datos SQLite ${missing}: revisa DATABASE_URL (o --database-url); \`courts migrate\` o \`courts seed\` la crean`);
        expect(existsSync(path.dirname(missing))).toBe(false);
      },
    );

    it("when seed runs twice, then the second run creates nothing and the counts stay the same", async () => {
      const first = json<SeedReport>(await courts("seed", "--json"));
      expect(first).toMatchObject({ venuesCreated: 3, venuesSkipped: 0, courtsCreated: 15, courtsSkipped: 0 });
      const second = await courts("seed");
      expect(second.code).toBe(0);
      expect(second.stdout).toContain("Total: 0 complejos creados y 3 ya existían; 0 canchas creadas y 15 ya existían.");
      // --json listings: one JSON document on stdout, nothing on stderr
      const [venues, courtList] = await Promise.all([courts("--json", "venue", "list"), courts("court", "list", "--json")]);
      expect([venues.stderr, courtList.stderr]).toEqual(["", ""]);
      expect(json<{ id: string; courtCount: number }[]>(venues).map((v) => v.id).sort()).toEqual(first.venues.map((v) => v.id).sort());
      expect(json<{ daySinglesPrice: string }[]>(courtList)).toHaveLength(15);
    });

    it("when seed is given counts or a file, then it adds only what is missing, and a bad file writes nothing", async () => {
      const file = path.join(dir, "clubes.json");
      writeFileSync(
        file,
        JSON.stringify({
          venues: [
            {
              name: "Club Norte",
              location: "Av. Amazonas N34, Quito",
              courts: [
                { courtNumber: 1, name: "Central", daySinglesPrice: "20.00", nightDoublesPrice: 40 },
                { courtNumber: 2, name: "Lateral", status: "maintenance" },
              ],
            },
          ],
        }),
      );
      const bad = path.join(dir, "malo.json");
      writeFileSync(bad, JSON.stringify({ venues: [{ name: "Club Malo", location: "x", courts: [{ courtNumber: 0, name: "Cero" }] }] }));

      // a trailing comma on line 4, and a file cut short
      const notJson = path.join(dir, "coma.json");
      writeFileSync(notJson, '{\n  "venues": [\n    { "name": "Club Coma", "location": "x" },\n  ]\n}\n');
      const cut = path.join(dir, "cortado.json");
      writeFileSync(cut, '{ "venues": [ { "name": "Club Cortado"');
      // an editor's byte order mark is not an error
      const marked = path.join(dir, "bom.json");
      writeFileSync(marked, `\uFEFF${JSON.stringify({ venues: [{ name: "Club Marca", location: "Cuenca", courts: [{ courtNumber: 1, name: "Única" }] }] })}`);

      const [counts, fromFile, badFile, notJsonFile, cutFile, markedFile] = await Promise.all([
        courts("seed", "--venues", "4", "--courts", "2", "--json"),
        courts("seed", "--file", file, "--json"),
        courts("seed", "--file", bad),
        courts("seed", "--file", notJson),
        courts("seed", "--file", cut),
        courts("seed", "--file", marked, "--json"),
      ]);
      expectFailure(notJsonFile, 1, `El archivo ${notJson} no es JSON válido: revisa la línea 4, columna 3`);
      expectFailure(cutFile, 1, `El archivo ${cut} no es JSON válido: termina antes de cerrar todo lo que abre`);
      expect(json<SeedReport>(markedFile)).toMatchObject({ venuesCreated: 1, courtsCreated: 1 });
      expect(await server.ports.venues.findByName("Club Coma")).toBeUndefined();
      // the demo clubs and their courts 1 and 2 exist already: only the fourth club is new
      expect(json<SeedReport>(counts)).toMatchObject({ venuesCreated: 1, venuesSkipped: 3, courtsCreated: 2, courtsSkipped: 6 });
      expect(json<SeedReport>(fromFile)).toMatchObject({ venuesCreated: 1, courtsCreated: 2 });
      expectFailure(
        badFile,
        1,
        `${bad}: venues[0].courts[0]: El campo 'courtNumber' debe ser un número entero entre 1 y 999`,
      );
      // two courts numbered 1 in one club: refused before anything is written, not reported as 'ya existía'
      const twins = path.join(dir, "gemelas.json");
      writeFileSync(twins, JSON.stringify({ venues: [{ name: "Club Sur", location: "Loja", courts: [{ courtNumber: 1, name: "A" }, { courtNumber: 1, name: "B" }] }] }));
      expectFailure(await courts("seed", "--file", twins), 1, `${twins}: venues[0].courts[1]: el número de cancha 1 ya está en ${twins}: venues[0].courts[0]`);
      expect(await server.ports.venues.findByName("Club Sur")).toBeUndefined();
      expect(json<SeedReport>(await courts("seed", "--file", file, "--json"))).toMatchObject({ venuesCreated: 0, courtsCreated: 0, courtsSkipped: 2 });
      // one club and one court that exist already: each in the singular
      expect((await courts("seed", "--file", marked)).stdout).toContain("Total: 0 complejos creados y 1 ya existía; 0 canchas creadas y 1 ya existía.");

      const norte = (await server.ports.venues.findByName("Club Norte")) as Venue;
      const [central, lateral] = await server.ports.courts.listByVenue(norte.id);
      expect(central).toMatchObject({ name: "Central", status: "available", prices: { daySingles: 2000, dayDoubles: 2900, nightDoubles: 4000 } });
      expect(lateral).toMatchObject({ name: "Lateral", status: "maintenance" });
      // the table says it in the club's words, as the admin's court list does
      const table = await courts("court", "list", "--venue", norte.id);
      expect(table.stdout).toMatch(/Lateral\s+En mantenimiento/);
      expect(table.stdout).not.toContain("maintenance");
      expect(await server.ports.venues.findByName("Club Malo")).toBeUndefined();
    });

    it("when a discount code is created, then the core's validateDiscountCode accepts it on the same database, until it is disabled", async () => {
      const expires = addDays(today(), 30);
      const created = await courts("discount", "create", "--code", "verano10", "--type", "percentage", "--value", "10", "--max-usage", "50", "--expires", expires);
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/^Código VERANO10 creado: 10% de descuento, usos 0 \/ 50, vence el \d\d\/\d\d\/\d{4} 23:59, activo\.\n$/);

      const code = await orFail(validateDiscountCode(server.ports, { code: "Verano10" }));
      expect(code).toMatchObject({ code: "VERANO10", type: "percentage", value: 10, maxUsage: 50, usageCount: 0, isActive: true });
      // end of that day on the club's clock
      expect(code.expiresAt?.toISOString()).toBe(new Date(instantOf(addDays(expires, 1), "00:00", ZONE).getTime() - 1).toISOString());

      const fixed = json<{ code: string; value: number; isActive: boolean }>(
        await courts("discount", "create", "--code", "FIJO5", "--type", "fixed", "--value", "5.5", "--inactive", "--json"),
      );
      expect(fixed).toMatchObject({ code: "FIJO5", value: 5.5, isActive: false });
      expect(await run(validateDiscountCode(server.ports, { code: "FIJO5" }))).toMatchObject({ left: { reason: "inactive" } });

      const [enabled, disabled] = await Promise.all([courts("discount", "enable", "fijo5"), courts("discount", "disable", "VERANO10")]);
      expect(enabled).toMatchObject({ code: 0, stdout: "Código FIJO5 activado.\n" });
      expect(disabled).toMatchObject({ code: 0, stdout: "Código VERANO10 desactivado.\n" });
      expect(await orFail(validateDiscountCode(server.ports, { code: "FIJO5" }))).toMatchObject({ type: "fixed", value: 550 });
      expect(await run(validateDiscountCode(server.ports, { code: "VERANO10" }))).toMatchObject({ left: { reason: "inactive" } });

      // switched on past its date: on, and said that nobody can use it yet
      const fijo = await orFail(validateDiscountCode(server.ports, { code: "FIJO5" }));
      await server.ports.discountCodes.update(fijo.id, { expiresAt: new Date("2020-01-01T05:00:00.000Z"), isActive: false });
      expect(await courts("discount", "enable", "FIJO5")).toMatchObject({
        code: 0,
        stdout: "Código FIJO5 activado, pero venció el 01/01/2020 00:00: nadie puede usarlo hasta que cambies la fecha.\n",
      });
      await server.ports.discountCodes.update(fijo.id, { expiresAt: null });
    });

    it("when an operator runs a sweep, then each step's count is named in Spanish; --json keeps the steps' names", async () => {
      const human = await courts("sweep");
      expect(human).toMatchObject({ code: 0, stderr: "" });
      expect(human.stdout).toMatch(/^Barrido completo:\n/);
      expect(human.stdout).toMatch(/\n {2}Reservas sin pagar liberadas: +\d+\n/);
      expect(human.stdout).toMatch(/\n {2}Reembolsos enviados: +\d+\n/);
      expect(human.stdout).not.toMatch(/expire-holds|refunds-owed/);
      expect(Object.keys(json<Record<string, number>>(await courts("sweep", "--json")))).toEqual(expect.arrayContaining(["refunds-owed", "expire-holds"]));
    });

    it("when a refund owed is refused by the provider during a sweep, then the operator is warned on stderr, and --json's stdout is still one JSON document", async () => {
      const { ports } = server;
      const player = await orFail(registerUser(ports, { username: "reembolso1", email: "reembolso1@example.com", password: "clave-reembolso-1" }));
      const venue = (await ports.venues.findByName("Club de Tenis Los Ceibos")) as Venue;
      const [court] = (await ports.courts.listByVenue(venue.id)) as [Court];
      const booking = await orFail(createBooking(ports, ADMIN, { courtId: court.id, bookingDate: addDays(today(), 20), timeSlot: "15:00", gameType: "singles", userId: player.id }));
      // a charge the provider has no record of: its refund is refused on every pass
      const payment = written(await ports.payments.insertPending(aPayment({ amount: booking.totalAmount, kind: "full" }, { booking, court, venue })));
      // taken, and decided to go back in full on arrival (it could not apply)
      const refundId = randomUUID();
      expect(await ports.payments.oweRefund({ id: payment.id, refundId, amount: payment.amount, flag: "refunded_on_arrival", at: new Date() })).toBe(true);
      const warning = new RegExp(`^Aviso: Reembolsos enviados: reembolso no enviado: se reintenta en el siguiente barrido \\(pago ${payment.id}\\): .*No such payment intent`);
      try {
        // the binary itself: Effect's own logger would have written to the process's stdout
        const machine = await runCourts(["sweep", "--json"], { env: env() });
        expect(machine.code).toBe(0);
        expect(JSON.parse(machine.stdout)).toMatchObject({ "refunds-owed": 0 });
        expect(machine.stderr).toMatch(warning);
        const human = await courts("sweep");
        expect(human.code).toBe(0);
        expect(human.stderr).toMatch(warning);
        expect(human.stdout).toMatch(/\n {2}Reembolsos enviados: +0\n/);
        expect((await ports.payments.findById(payment.id))?.refundOwed).toBe(payment.amount);
      } finally {
        // nothing left owed for the sweeps of the tests after this one
        await ports.refunds.markSent(refundId, new Date(), null);
      }
    });

    it("when the reader of the output goes away (`| head -1`), then the command still does its work and exits 0 without a stack trace", async () => {
      const created = await runCourts(["discount", "create", "--code", "SINLECTOR", "--type", "fixed", "--value", "2"], { env: env(), readerGone: true });
      expect(created).toEqual({ code: 0, stdout: "", stderr: "" });
      expect(await orFail(validateDiscountCode(server.ports, { code: "SINLECTOR" }))).toMatchObject({ type: "fixed", value: 200, isActive: true });
    });

    it("when a code is duplicated or a value breaks the admin form's rules, then exit 1 with the Spanish reason and nothing is written", async () => {
      const create = (...args: string[]) => courts("discount", "create", ...args);
      const results = await Promise.all([
        create("--code", "VERANO10", "--type", "fixed", "--value", "3"),
        create("--code", "MEDIO", "--type", "percentage", "--value", "10.5"),
        create("--code", "NEGATIVO", "--type", "fixed", "--value", "-1"),
        create("--code", "CERO", "--type", "fixed", "--value", "1", "--max-usage", "0"),
        create("--code", "FECHA", "--type", "fixed", "--value", "1", "--expires", "2026-13-01"),
        create("--code", "X", "--type", "fixed", "--value", "1"),
        courts("discount", "disable", "NOEXISTE"),
        create("--code", "OTRO", "--type", "fixed", "--value", "1", "--unknown-flag"),
        create("--code", "PASADO", "--type", "fixed", "--value", "1", "--expires", "2020-01-01"),
      ]);
      const [duplicate, fraction, negative, maxUsage, expiry, short, unknownCode, unknownFlag, past] = results;
      expectFailure(past!, 1, "La fecha de vencimiento ya pasó: elige una fecha futura");
      expectFailure(duplicate!, 1, "Ya existe el código VERANO10");
      expectFailure(fraction!, 1, "El porcentaje debe ser un número entero entre 0 y 100");
      expectFailure(negative!, 1, "--value debe ser un número entre 0 y 10000");
      expectFailure(maxUsage!, 1, "--max-usage debe ser un número entero mayor o igual a 1");
      expectFailure(expiry!, 1, '--expires debe ser una fecha AAAA-MM-DD (o un instante ISO 8601 con zona) (recibido "2026-13-01")');
      expectFailure(short!, 1, "El código debe tener de 3 a 32 letras, números, '-' o '_'");
      expectFailure(unknownCode!, 1, "Código de descuento no encontrado");
      expectFailure(unknownFlag!, 2, "opción desconocida '--unknown-flag' (ayuda: courts discount create --help)");

      const listed = await courts("discount", "list", "--json");
      expect(listed.stderr).toBe("");
      const codes = json<{ code: string }[]>(listed);
      expect(codes.map((c) => c.code).sort()).toEqual(["FIJO5", "SINLECTOR", "VERANO10"]);
    });

    it("when an operator sets a venue's booking rules, then the venue answers them as the panel would, and a bad value changes nothing", async () => {
      const venue = (await server.ports.venues.findByName("Club de Tenis Los Ceibos")) as Venue;
      const shown = await courts("venue", "rules", venue.id);
      expect(shown).toMatchObject({ code: 0, stderr: "" });
      expect(shown.stdout).toBe(
        "Reglas de reserva:\nDías de anticipación: 180\nHora de apertura: medianoche\nReservas próximas por jugador: sin límite\n" +
          "Reservas por jugador y día: sin límite\nSorteo al abrir: no (por orden de llegada)\n",
      );
      const set = await courts("venue", "rules", venue.id, "--window-days", "14", "--release-time", "08:00", "--max-per-day", "1", "--ballot-seconds", "60");
      expect(set).toMatchObject({ code: 0, stderr: "" });
      expect(set.stdout).toContain("Reglas de reserva guardadas:\nDías de anticipación: 14\nHora de apertura: 08:00\n");
      const rules = { windowDays: 14, releaseTime: "08:00", maxUpcomingPerPlayer: null, maxPerPlayerPerDay: 1, ballotSeconds: 60 };
      expect(await server.ports.venues.rulesOf(venue.id)).toEqual(rules);

      const refused = await Promise.all([
        courts("venue", "rules", venue.id, "--window-days", "0"),
        courts("venue", "rules", venue.id, "--release-time", "8am"),
        courts("venue", "rules", venue.id, "--release-time", "25:00"),
        courts("venue", "rules", venue.id, "--ballot-seconds", "301"),
        courts("venue", "rules", venue.id, "--max-upcoming", "ninguno"),
        courts("venue", "rules", randomUUID(), "--window-days", "30"),
      ]);
      const [window, format, hour, ballot, limit, unknown] = refused;
      expectFailure(window!, 1, '--window-days debe ser un número entero entre 1 y 365 (recibido "0")');
      expectFailure(format!, 1, '--release-time debe ser una hora HH:MM o medianoche (recibido "8am")');
      expectFailure(hour!, 1, "La hora de apertura debe tener el formato HH:MM (por ejemplo, 08:00) o quedar vacía (medianoche)");
      expectFailure(ballot!, 1, '--ballot-seconds debe ser un número entero entre 0 y 300 (recibido "301")');
      expectFailure(limit!, 1, '--max-upcoming debe ser un número entero entre 1 y 1000 (recibido "ninguno")');
      expectFailure(unknown!, 1, "Complejo no encontrado");
      expect(await server.ports.venues.rulesOf(venue.id)).toEqual(rules);

      const cleared = json<typeof rules>(await courts("venue", "rules", venue.id, "--max-per-day", "sin-limite", "--release-time", "medianoche", "--ballot-seconds", "0", "--window-days", "180", "--json"));
      expect(cleared).toEqual({ windowDays: 180, releaseTime: null, maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds: 0 });
      expect(await server.ports.venues.rulesOf(venue.id)).toEqual(cleared);
    });

    it("when an admin is created with the password on stdin, then it logs in through the HTTP API, and reset-password changes it", async () => {
      const password = "clave-secreta-1";
      const created = await courtsWithInput(`${password}\n`, "admin", "create", "--username", "laura", "--email", "Laura@Club.ec", "--password-stdin");
      expect(created).toMatchObject({ code: 0, stderr: "" });
      expect(created.stdout).toBe("Administrador 'laura' (laura@club.ec) creado: ya puede entrar en /admin/login.\n");
      expect(created.stdout + created.stderr).not.toContain(password);

      const login = (pass: string) =>
        fetch(`${server.baseUrl}/api/admin/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: "laura", password: pass }),
        });
      const response = await login(password);
      expect(response.status).toBe(200);
      const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
      const check = await fetch(`${server.baseUrl}/api/admin/check`, { headers: { cookie } });
      expect(await check.json()).toMatchObject({ isAdmin: true });

      const [again, noTerminal, reset, common] = await Promise.all([
        courtsWithInput(`${password}\n`, "admin", "create", "--username", "LAURA", "--email", "otra@club.ec", "--password-stdin"),
        courts("admin", "create", "--username", "pedro", "--email", "pedro@club.ec"),
        courtsWithInput("nueva-clave-22", "admin", "reset-password", "laura", "--password-stdin"),
        courtsWithInput("1234567890\n", "admin", "create", "--username", "pedro", "--email", "pedro@club.ec", "--password-stdin"),
      ]);
      expectFailure(common!, 1, "La contraseña es demasiado común (está entre las más usadas y filtradas): elige otra");
      expectFailure(again!, 1, "El nombre de usuario ya está en uso");
      expectFailure(noTerminal!, 1, "No hay una terminal para pedir la contraseña: pásala por la entrada estándar con --password-stdin");
      // the session opened with the old password ends with it, in the server's process too
      expect(reset).toMatchObject({ code: 0, stdout: "Contraseña de 'laura' cambiada. Se cerró 1 sesión abierta.\n" });
      // on PostgreSQL the server learns of another process's change by its notice, a moment later (up to 2 s allowed)
      const adminCheck = async () => (await fetch(`${server.baseUrl}/api/admin/check`, { headers: { cookie } })).json();
      await expect.poll(adminCheck, { timeout: 2_000, interval: 25 }).toEqual({ isAdmin: false });
      expect((await login(password)).status).toBe(401);
      expect((await login("nueva-clave-22")).status).toBe(200);

      // a player's signed-in session ends the same way
      await orFail(registerUser(server.ports, { username: "marta", email: "marta@example.com", password: "clave-marta-11" }));
      const signedIn = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "marta", password: "clave-marta-11" }),
      });
      const playerCookie = signedIn.headers.get("set-cookie")?.split(";")[0] ?? "";
      expect((await fetch(`${server.baseUrl}/api/auth/me`, { headers: { cookie: playerCookie } })).status).toBe(200);
      expect(await courtsWithInput("clave-marta-22", "admin", "reset-password", "marta", "--password-stdin")).toMatchObject({
        code: 0,
        stdout: "Contraseña de 'marta' cambiada. Se cerró 1 sesión abierta.\n",
      });
      await expect.poll(async () => (await fetch(`${server.baseUrl}/api/auth/me`, { headers: { cookie: playerCookie } })).status, { timeout: 2_000, interval: 25 }).not.toBe(200);
    });

    it("when there are bookings and a payment on a date, then stats and booking list show the dashboard's figures", async () => {
      const { ports } = server;
      const day = addDays(today(), 3);
      const player = await orFail(registerUser(ports, { username: "jugador1", email: "jugador1@example.com", password: "clave-jugador-1" }));
      const venue = (await ports.venues.findByName("Club de Tenis Los Ceibos")) as Venue;
      const [first, second] = (await ports.courts.listByVenue(venue.id)) as [Court, Court];
      const book = (court: Court, timeSlot: string, gameType: "singles" | "doubles") =>
        orFail(createBooking(ports, ADMIN, { courtId: court.id, bookingDate: day, timeSlot, gameType, userId: player.id }));
      const booked: Booking[] = [await book(first, "10:00", "singles"), await book(first, "19:00", "doubles"), await book(second, "08:00", "doubles")];
      const paid = booked[0]!;
      const payment = written(await ports.payments.insertPending(aPayment({ amount: paid.totalAmount, kind: "full" }, { booking: paid, court: first, venue })));
      const outcome = await ports.payments.markSucceeded({
        intentId: payment.stripePaymentIntentId,
        at: instantOf(day, "12:00", ZONE),
        shareLinkId: null,
      });
      expect(outcome.kind).toBe("recorded");
      const [courtCount, maintenance] = await Promise.all([ports.courts.count(), ports.courts.countNotAvailable()]);

      const [statsJson, statsText, bookingsJson, bookingsText] = await Promise.all([
        courts("stats", "--date", day, "--json"),
        courts("stats", "--date", day),
        courts("booking", "list", "--date", day, "--json"),
        courts("booking", "list", "--date", day, "--venue", venue.id),
      ]);
      expect([statsJson.stderr, bookingsJson.stderr]).toEqual(["", ""]);
      expect(json(statsJson)).toEqual({
        date: day,
        timeZone: ZONE,
        bookings: 3,
        revenue: "14.50",
        courts: courtCount,
        maintenance,
        occupancyRate: occupancyRate(3, courtCount),
      });
      expect(statsText.stdout).toContain("Reservas:          3");
      expect(statsText.stdout).toContain("Ingresos:          $14.50");
      expect(json<{ id: string; timeSlot: string; paymentStatus: string }[]>(bookingsJson).map((b) => [b.timeSlot, b.paymentStatus])).toEqual([
        ["08:00", "pending"],
        ["10:00", "completed"],
        ["19:00", "pending"],
      ]);
      const lines = bookingsText.stdout.trimEnd().split("\n");
      expect(lines).toHaveLength(5);
      expect(lines[3]).toMatch(/^10:00 +Club de Tenis Los Ceibos +1 Cancha Central +Singles \(2 personas\) +\$14\.50 +Pagado +Activa +[0-9a-f-]{36}$/);
    });
  });
};
