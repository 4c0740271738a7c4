import { instantOf } from "@courts/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Client } from "./support/client.js";
import { adminClient, book, newCourt, newPlayer, pay, type BookingShape } from "./support/fixtures.js";
import { movableClock } from "./support/movable-clock.js";
import { describeOnEngines, TEST_TIME_ZONE } from "./support/server.js";

interface Listed {
  readonly id: string;
  readonly status: string;
  readonly state?: string;
}
interface PaymentListed {
  readonly bookingId: string;
  readonly booking: Listed | null;
}

const clock = movableClock();
const startOf = (b: BookingShape) => instantOf(b.bookingDate.slice(0, 10), b.timeSlot, TEST_TIME_ZONE);

/**
 * A player's 'Próximas' and 'Pasadas' (DESIGN.md section 14) on the server's clock, which the test
 * moves to a game's start: no waiting, and nothing depends on today's date or hour.
 */
describeOnEngines(
  "a player's upcoming and past bookings",
  (server) => {
    let ana: Client;
    let anaId: string;
    let beto: Client;
    let betoId: string;
    let games: BookingShape[];
    let betoGame: BookingShape;

    beforeAll(async () => {
      clock.moveTo(new Date());
      const admin = await adminClient(server());
      const venue = await admin.post<{ id: string }>("/api/venues", { name: "Club del Reloj", location: "Guayaquil" });
      const courts = [await newCourt(admin, { name: "Cancha Reloj", courtNumber: 1, venueId: venue.body.id })];
      ({ client: ana, user: { id: anaId } } = await newPlayer(server()));
      ({ client: beto, user: { id: betoId } } = await newPlayer(server()));
      // in time order, as the suite's fresh slots go: three paid games, a cancelled one, an unpaid hold
      games = [];
      for (let i = 0; i < 5; i++) games.push(await book(ana, courts));
      for (const game of games.slice(0, 4)) await pay(ana, game.id, { paymentType: "full" });
      expect((await ana.post("/api/cancellations", { bookingId: games[3]!.id })).status).toBe(200);
      betoGame = await book(beto, courts);
      await pay(beto, betoGame.id, { paymentType: "full" });
    });
    afterAll(() => clock.moveTo(new Date()));

    const list = async (client: Client, scope: "upcoming" | "past", page = 1, pageSize = 10) => {
      const answer = await client.get<Listed[]>(`/api/user/bookings?scope=${scope}&page=${page}&pageSize=${pageSize}`);
      expect(answer.status).toBe(200);
      return { items: answer.body.map((b) => [b.id, b.state]), total: Number(answer.headers.get("x-total-count")) };
    };

    it("when nothing has started, then upcoming holds the live games soonest first and past the cancelled one", async () => {
      const [g0, g1, g2, g3, g4] = games.map((g) => g.id);
      expect(await list(ana, "upcoming")).toEqual({ items: [[g0, "active"], [g1, "active"], [g2, "active"], [g4, "active"]], total: 4 });
      expect(await list(ana, "past")).toEqual({ items: [[g3, "cancelled"]], total: 1 });
    });

    it("when the clock reaches a game's start, then the games begun are played, the hold expired, and pages across past stay whole", async () => {
      const [g0, g1, g2, g3, g4] = games.map((g) => g.id);
      clock.moveTo(startOf(games[1]!));
      expect(await list(ana, "upcoming")).toEqual({ items: [[g2, "active"]], total: 1 });
      const first = await list(ana, "past", 1, 3);
      const second = await list(ana, "past", 2, 3);
      expect([first.total, second.total]).toEqual([4, 4]);
      expect([...first.items, ...second.items]).toEqual([
        [g4, "expired"],
        [g3, "cancelled"],
        [g1, "played"],
        [g0, "played"],
      ]);
      // the same lists for an admin or the player through /api/bookings/user/{id}
      const byUser = await ana.get<Listed[]>(`/api/bookings/user/${anaId}?scope=past&pageSize=2&page=2`);
      expect(byUser.body.map((b) => [b.id, b.state])).toEqual([
        [g1, "played"],
        [g0, "played"],
      ]);
      // a minute before the next game it is still upcoming
      clock.moveTo(new Date(startOf(games[2]!).getTime() - 60_000));
      expect((await list(ana, "upcoming")).items).toEqual([[g2, "active"]]);
    });

    it("when the payments are read, then each one's game has the state the bookings lists give it", async () => {
      clock.moveTo(startOf(games[1]!));
      const lists = [...(await list(ana, "upcoming")).items, ...(await list(ana, "past")).items];
      const stateOf = new Map(lists.map(([id, state]) => [id, state]));
      for (const url of ["/api/user/payments", `/api/payments/user/${anaId}`]) {
        const payments = await ana.get<PaymentListed[]>(url);
        expect(payments.status).toBe(200);
        expect(payments.body).toHaveLength(4);
        for (const p of payments.body) expect(p.booking?.state, url).toBe(stateOf.get(p.bookingId));
        expect(new Set(payments.body.map((p) => p.booking?.state))).toEqual(new Set(["played", "active", "cancelled"]));
      }
    });

    it("when another player reads their lists, then none of Ana's bookings appear, nor theirs in hers", async () => {
      clock.moveTo(startOf(games[1]!));
      const betoLists = [...(await list(beto, "upcoming")).items, ...(await list(beto, "past")).items];
      expect(betoLists).toEqual([[betoGame.id, "active"]]);
      const anas = [...(await list(ana, "upcoming")).items, ...(await list(ana, "past")).items].map(([id]) => id);
      expect(anas).not.toContain(betoGame.id);
      expect(anas).toHaveLength(5);
      expect((await beto.get(`/api/bookings/user/${anaId}?scope=past`)).status).toBe(403);
      expect((await beto.get(`/api/payments/user/${anaId}`)).status).toBe(403);
      const betoPayments = await beto.get<PaymentListed[]>(`/api/payments/user/${betoId}`);
      expect(betoPayments.body.map((p) => p.bookingId)).toEqual([betoGame.id]);
    });
  },
  { server: { clock } },
);
