import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, instantOf, localDateOf, longDateWords, type VenueRules } from "@courts/core";
import { Client } from "./support/client.js";
import { adminClient, demoCourts, newPlayer, type CourtShape, type VenueShape } from "./support/fixtures.js";
import { movableClock } from "./support/movable-clock.js";
import { freshDatabase, HTTP_ENGINES, startServer, TEST_TIME_ZONE, type TestDatabase, type TestServer } from "./support/server.js";

/**
 * A venue's booking rules against the real server (DESIGN.md section 15). The server's clock is
 * put at 07:00 of the club's tomorrow, whatever the hour the suite runs: every date below is
 * counted from that day, D.
 */
const DEFAULTS: VenueRules = { windowDays: 180, releaseTime: null, maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds: 0 };

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`a venue's booking rules [${engine.name}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    let admin: Client;
    let venues: VenueShape[];
    let courts: CourtShape[];
    const clock = movableClock();
    const D = addDays(localDateOf(new Date(), TEST_TIME_ZONE), 1);

    /** A venue of the demo club with its rules set, its courts and a new player. */
    const ruled = async (index: number, rules: Partial<VenueRules>) => {
      const venue = venues[index]!;
      const answer = await admin.put(`/api/admin/venues/${venue.id}/rules`, { ...DEFAULTS, ...rules });
      expect(answer.status).toBe(200);
      const own = courts.filter((c) => c.venueId === venue.id);
      const player = await newPlayer(server);
      const hold = (date: string, timeSlot = "18:00", court = own[0]!, client = player.client) =>
        client.post("/api/bookings", { courtId: court.id, bookingDate: date, timeSlot, gameType: "singles" });
      return { venue, own, player, hold };
    };

    beforeAll(async () => {
      clock.moveTo(instantOf(D, "07:00", TEST_TIME_ZONE));
      db = await freshDatabase(engine.name);
      server = await startServer(db.url, {}, undefined, { clock });
      ({ venues, courts } = await demoCourts(server));
      admin = await adminClient(server);
    });
    afterAll(async () => {
      await server.close();
      await db.drop();
    });

    it("when nobody changed them, then the venue's answer carries the defaults; the admin's change is read back by the panel and by players", async () => {
      const guest = new Client(server.baseUrl);
      expect((await guest.get(`/api/venues/${venues[2]!.id}`)).body).toMatchObject({ id: venues[2]!.id, rules: DEFAULTS });
      const rules = { windowDays: 14, releaseTime: "07:30", maxUpcomingPerPlayer: 3, maxPerPlayerPerDay: 1, ballotSeconds: 60 };
      const put = await admin.put(`/api/admin/venues/${venues[2]!.id}/rules`, rules);
      expect(put).toMatchObject({ status: 200, body: rules });
      expect((await admin.get(`/api/admin/venues/${venues[2]!.id}/rules`)).body).toEqual(rules);
      expect((await guest.get(`/api/venues/${venues[2]!.id}`)).body).toMatchObject({ rules });
      expect((await admin.put(`/api/admin/venues/${venues[2]!.id}/rules`, DEFAULTS)).status).toBe(200);
      expect((await admin.get("/api/admin/venues/no-such-venue/rules")).status).toBe(404);
    });

    it.each([
      [{ windowDays: 0 }, "windowDays", "Los días de anticipación deben ser un número entero entre 1 y 365"],
      [{ windowDays: 366 }, "windowDays", "Los días de anticipación deben ser un número entero entre 1 y 365"],
      [{ windowDays: "30" }, "windowDays", "Los días de anticipación deben ser un número entero entre 1 y 365"],
      [{ releaseTime: "8:00" }, "releaseTime", "La hora de apertura debe tener el formato HH:MM (por ejemplo, 08:00) o quedar vacía (medianoche)"],
      [{ releaseTime: "08:60" }, "releaseTime", "La hora de apertura debe tener el formato HH:MM (por ejemplo, 08:00) o quedar vacía (medianoche)"],
      [{ maxUpcomingPerPlayer: 0 }, "maxUpcomingPerPlayer", "El máximo de reservas próximas por jugador debe ser un número entero entre 1 y 1000, o quedar vacío (sin límite)"],
      [{ maxPerPlayerPerDay: -1 }, "maxPerPlayerPerDay", "El máximo de reservas por jugador y día debe ser un número entero entre 1 y 1000, o quedar vacío (sin límite)"],
      [{ ballotSeconds: 301 }, "ballotSeconds", "Los segundos de sorteo deben ser un número entero entre 0 y 300"],
      [{ ballotSeconds: undefined }, "ballotSeconds", "Los segundos de sorteo deben ser un número entero entre 0 y 300"],
    ])("when the admin sends %o, then 400 on %s with its Spanish message, and the rules stay", async (bad, field, message) => {
      const answer = await admin.put(`/api/admin/venues/${venues[1]!.id}/rules`, { ...DEFAULTS, ...bad });
      expect(answer).toMatchObject({ status: 400, body: { code: "INVALID_INPUT", field, message } });
      expect((await admin.get(`/api/admin/venues/${venues[1]!.id}/rules`)).body).toEqual(DEFAULTS);
    });

    it("when a player asks a date the window does not open yet, then 409 OUTSIDE_BOOKING_WINDOW with opensAt and the day and hour in Spanish", async () => {
      const { hold } = await ruled(0, { windowDays: 7, releaseTime: "08:00" });
      expect((await hold(addDays(D, 6))).status).toBe(201);
      const refused = await hold(addDays(D, 7));
      expect(refused).toMatchObject({
        status: 409,
        body: { code: "OUTSIDE_BOOKING_WINDOW", opensAt: instantOf(D, "08:00", TEST_TIME_ZONE).toISOString(), message: `Este día se abre el ${longDateWords(D)} a las 08:00` },
      });
      const adminBooks = await admin.post("/api/bookings", { courtId: courts.find((c) => c.venueId === venues[0]!.id)!.id, bookingDate: addDays(D, 30), timeSlot: "09:00", gameType: "singles", userId: (await newPlayer(server)).user.id });
      expect(adminBooks.status).toBe(201);
    });

    it("when a player holds the venue's upcoming maximum or the day's, then 409 PLAYER_LIMIT_REACHED saying which", async () => {
      const { hold, own } = await ruled(0, { maxUpcomingPerPlayer: 2, maxPerPlayerPerDay: 1 });
      expect((await hold(addDays(D, 1))).status).toBe(201);
      expect(await hold(addDays(D, 1), "19:00", own[1]!)).toMatchObject({
        status: 409,
        body: { code: "PLAYER_LIMIT_REACHED", message: "Ya tienes el máximo de 1 reserva para ese día en esta sede" },
      });
      expect((await hold(addDays(D, 2))).status).toBe(201);
      expect(await hold(addDays(D, 3))).toMatchObject({
        status: 409,
        body: { code: "PLAYER_LIMIT_REACHED", message: "Ya tienes el máximo de 2 reservas próximas en esta sede" },
      });
    });

    it("when one player sends 50 booking requests at once for different slots at a venue of at most 3 upcoming, then 3 are booked and 47 refused", async () => {
      const { hold, own, player } = await ruled(0, { maxUpcomingPerPlayer: 3, maxPerPlayerPerDay: null });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => hold(addDays(D, 40 + Math.floor(i / 8)), `${String(8 + (i % 8)).padStart(2, "0")}:00`, own[i % own.length]!)),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 409 && (a.body as { code: string }).code === "PLAYER_LIMIT_REACHED")).toHaveLength(47);
      expect((await server.ports.bookings.listByUser(player.user.id)).filter((b) => b.status === "active")).toHaveLength(3);
    });
  });
}
