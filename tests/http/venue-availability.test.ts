import { addDays, type CourtAnswer, type VenueAvailabilityAnswer } from "@courts/core";
import { expect, it } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, demoCourts, newPlayer, type BookingShape } from "./support/fixtures.js";
import { movableClock } from "./support/movable-clock.js";
import { describeOnEngines } from "./support/server.js";

/**
 * GET /api/venues/{id}/availability through real HTTP on both engines (DESIGN.md section 14,
 * 'Guests see what is free'). The server's clock reads Wednesday 10 March 2027, 09:30 in
 * Guayaquil, whatever the day the suite runs.
 */
const TODAY = "2027-03-10";
const clock = movableClock();
clock.moveTo(new Date("2027-03-10T14:30:00.000Z"));

describeOnEngines(
  "venue availability",
  (server) => {
    let day = 3;
    /** a day no other test of this file uses */
    const freshDay = () => addDays(TODAY, day++);
    const setup = async () => {
      const { courts: demo } = await demoCourts(server());
      const venueId = demo[0]!.venueId;
      const guest = new Client(server().baseUrl);
      // the venue's open courts with their prices
      const courts = (await guest.get<CourtAnswer[]>(`/api/venues/${venueId}/courts`)).body.filter((c) => c.status === "available");
      return { venueId, courts, guest };
    };
    const gridOf = async (client: Client, venueId: string, date: string) => {
      const answer = await client.get<VenueAvailabilityAnswer>(`/api/venues/${venueId}/availability?date=${date}`);
      expect(answer.status, answer.text).toBe(200);
      return answer;
    };
    const stateOf = (answer: VenueAvailabilityAnswer, courtId: string, timeSlot: string) =>
      answer.courts.find((c) => c.courtId === courtId)?.slots.find((s) => s.timeSlot === timeSlot);

    it("when a guest asks a later day, then every court of the venue has 16 free hours with the singles price of its band, not stored", async () => {
      const { venueId, courts, guest } = await setup();
      const date = freshDay();
      const answer = await gridOf(guest, venueId, date);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.body.date).toBe(date);
      const all = (await guest.get<CourtAnswer[]>(`/api/venues/${venueId}/courts`)).body;
      expect(answer.body.courts.map((c) => c.courtId).sort()).toEqual(all.map((c) => c.id).sort());
      // a court out of service (the demo has one) is closed, with its state as its reason
      for (const out of all.filter((c) => c.status !== "available"))
        expect(answer.body.courts.find((c) => c.courtId === out.id)?.slots.every((s) => s.state === "closed" && s.reason !== undefined)).toBe(true);
      const numbers = answer.body.courts.map((c) => c.courtNumber);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      const court = courts[0]!;
      const slots = answer.body.courts.find((c) => c.courtId === court.id)!.slots;
      expect(slots).toHaveLength(16);
      expect(slots.every((s) => s.state === "free")).toBe(true);
      expect(stateOf(answer.body, court.id, "09:00")?.price).toBe(court.daySinglesPrice);
      expect(stateOf(answer.body, court.id, "19:00")?.price).toBe(court.nightSinglesPrice);
    });

    it("when a player holds a slot, then the grid shows it taken at once, without who; cancelled, it is free again", async () => {
      const { venueId, courts, guest } = await setup();
      const date = freshDay();
      const court = courts[0]!;
      await gridOf(guest, venueId, date); // kept by the server before the booking
      const { client: player, user } = await newPlayer(server());
      const made = await player.post<BookingShape>("/api/bookings", { courtId: court.id, bookingDate: `${date}T00:00:00`, timeSlot: "18:00", gameType: "singles" });
      expect(made.status, made.text).toBe(201);
      const taken = await gridOf(guest, venueId, date);
      expect(stateOf(taken.body, court.id, "18:00")).toEqual({ timeSlot: "18:00", state: "taken", price: court.nightSinglesPrice });
      expect(stateOf(taken.body, court.id, "17:00")?.state).toBe("free");
      for (const secret of [user.id, user.username, user.email, made.body.id]) expect(taken.text).not.toContain(secret);
      // a logged-in player reads the same grid
      expect((await gridOf(player, venueId, date)).text).toBe(taken.text);
      const cancelled = await player.post("/api/cancellations", { bookingId: made.body.id });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(stateOf((await gridOf(guest, venueId, date)).body, court.id, "18:00")?.state).toBe("free");
    });

    it("when the club blocks hours or a court, then they are closed with the reason players read", async () => {
      const { venueId, courts, guest } = await setup();
      const admin = await adminClient(server());
      const date = freshDay();
      await gridOf(guest, venueId, date);
      const blocked = await admin.post("/api/admin/blocks", { courtId: courts[1]!.id, startDate: date, endDate: date, timeSlots: ["08:00", "09:00"], reason: "Mantenimiento" });
      expect(blocked.status, blocked.text).toBe(201);
      const answer = (await gridOf(guest, venueId, date)).body;
      expect(stateOf(answer, courts[1]!.id, "08:00")).toMatchObject({ state: "closed", reason: "Mantenimiento" });
      expect(stateOf(answer, courts[1]!.id, "10:00")?.state).toBe("free");
      expect(stateOf(answer, courts[0]!.id, "08:00")?.state).toBe("free");
    });

    it("when it is 09:30 today, then the hours started are past and the rest bookable; yesterday is past throughout", async () => {
      const { venueId, courts, guest } = await setup();
      const today = (await gridOf(guest, venueId, TODAY)).body;
      expect(stateOf(today, courts[0]!.id, "09:00")?.state).toBe("past");
      expect(stateOf(today, courts[0]!.id, "10:00")?.state).toBe("free");
      const yesterday = (await gridOf(guest, venueId, addDays(TODAY, -1))).body;
      expect(yesterday.courts.every((c) => c.slots.every((s) => s.state === "past"))).toBe(true);
    });

    it("when the date is bad or too far ahead, or the venue unknown, then a Spanish 400 or 404, never a 500", async () => {
      const { venueId, guest } = await setup();
      for (const query of ["", "?date=", "?date=2027-02-30", "?date=mañana", "?date=10/03/2027"]) {
        const answer = await guest.get(`/api/venues/${venueId}/availability${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.body).toMatchObject({ code: "INVALID_INPUT", field: "date", message: "El parámetro 'date' debe ser una fecha AAAA-MM-DD" });
      }
      // as far as a venue's window may reach (365 days): a date past this venue's 180 reads closed, with when it opens
      const far = await guest.get(`/api/venues/${venueId}/availability?date=${addDays(TODAY, 366)}`);
      expect(far.status).toBe(400);
      expect(far.body).toMatchObject({ code: "INVALID_INPUT", message: "Solo se puede consultar la disponibilidad con hasta 365 días de anticipación" });
      expect((await guest.get(`/api/venues/${venueId}/availability?date=${addDays(TODAY, 180)}`)).status).toBe(200);
      const beyond = await gridOf(guest, venueId, addDays(TODAY, 181));
      expect(beyond.status).toBe(200);
      expect(beyond.body.opensAt).toEqual(expect.any(String));
      const unknown = await guest.get(`/api/venues/no-existe/availability?date=${freshDay()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ message: "Complejo no encontrado" });
      expect((await guest.get(`/api/venues/a%20b/availability?date=${freshDay()}`)).status).toBe(400);
    });

    it("when the venue opens a date later (its booking rules), then its free hours read closed until then with the reason and opensAt, and free from that instant; a change of the rules shows at once", async () => {
      const { venueId, courts, guest } = await setup();
      const admin = await adminClient(server());
      const rulesPath = `/api/admin/venues/${venueId}/rules`;
      const before = (await admin.get<Record<string, unknown>>(rulesPath)).body;
      const rules = { windowDays: 7, releaseTime: "10:00", maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds: 0 };
      expect((await admin.put(rulesPath, rules)).status).toBe(200);
      try {
        // 09:30: a week ahead opens at 10:00 today, the day after tomorrow a week on
        const week = (await gridOf(guest, venueId, addDays(TODAY, 7))).body;
        expect(week.opensAt).toBe("2027-03-10T15:00:00.000Z");
        expect(stateOf(week, courts[0]!.id, "18:00")).toMatchObject({ state: "closed", reason: "Se abre el 10 de marzo a las 10:00", price: courts[0]!.nightSinglesPrice });
        expect((await gridOf(guest, venueId, addDays(TODAY, 8))).body.courts[0]!.slots.find((x) => x.state !== "past")?.reason).toBe("Se abre el 11 de marzo a las 10:00");
        const open = (await gridOf(guest, venueId, addDays(TODAY, 6))).body;
        expect(open.opensAt).toBeUndefined();
        expect(stateOf(open, courts[0]!.id, "18:00")?.state).toBe("free");

        clock.moveTo(new Date("2027-03-10T15:00:00.000Z"));
        const opened = (await gridOf(guest, venueId, addDays(TODAY, 7))).body;
        expect(opened.opensAt).toBeUndefined();
        expect(stateOf(opened, courts[0]!.id, "18:00")?.state).toBe("free");

        expect((await admin.put(rulesPath, { ...rules, windowDays: 30 })).status).toBe(200);
        expect(stateOf((await gridOf(guest, venueId, addDays(TODAY, 8))).body, courts[0]!.id, "18:00")?.state).toBe("free");
        // a window longer than the default 180 days: its far dates read free, the day after it closed
        expect((await admin.put(rulesPath, { ...rules, windowDays: 300, releaseTime: null })).status).toBe(200);
        expect(stateOf((await gridOf(guest, venueId, addDays(TODAY, 300))).body, courts[0]!.id, "18:00")?.state).toBe("free");
        expect(stateOf((await gridOf(guest, venueId, addDays(TODAY, 308))).body, courts[0]!.id, "18:00")?.state).toBe("closed");
      } finally {
        clock.moveTo(new Date("2027-03-10T14:30:00.000Z"));
        expect((await admin.put(rulesPath, before)).status).toBe(200);
      }
    });
  },
  { server: { clock } },
);
