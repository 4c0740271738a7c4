import { instantOf } from "@courts/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Client } from "./support/client.js";
import { adminClient, book, newCourt, newPlayer, pay, type BookingShape, type CourtShape } from "./support/fixtures.js";
import { movableClock } from "./support/movable-clock.js";
import { describeOnEngines, TEST_TIME_ZONE, type TestServer } from "./support/server.js";

const SECOND = 1_000;
const clock = movableClock();
const startOf = (b: BookingShape) => instantOf(b.bookingDate.slice(0, 10), b.timeSlot, TEST_TIME_ZONE);

/** Run once, by the next listing of a booking's payments: what happens while a cancellation is between its check and its write. */
let onPaymentsListed: (() => void) | undefined;

interface Problem {
  readonly code: string;
  readonly message: string;
}

/**
 * A game that began cannot be cancelled (DESIGN.md section 14), against the real server on its
 * clock, which the test moves to the game's start: not by its player, not by the desk, not by a
 * request that looked just before the start and writes after it. A closure of the day still
 * cancels it, refunding everything.
 */
describeOnEngines(
  "cancelling a game that began",
  (server) => {
    let player: Client;
    let admin: Client;
    let courts: CourtShape[];

    beforeAll(async () => {
      clock.moveTo(new Date());
      admin = await adminClient(server());
      const venue = await admin.post<{ id: string }>("/api/venues", { name: "Club del Comienzo", location: "Guayaquil" });
      courts = [await newCourt(admin, { name: "Cancha Comienzo", courtNumber: 1, venueId: venue.body.id })];
      ({ client: player } = await newPlayer(server()));
    });
    afterAll(() => clock.moveTo(new Date()));

    /** A game of the player's, paid in full, with the clock back at the real time to book it. */
    const paidGame = async () => {
      clock.moveTo(new Date());
      const game = await book(player, courts);
      await pay(player, game.id, { paymentType: "full" });
      return game;
    };

    /** What a refused cancellation must leave as it was: the booking, its payments, its refunds and its events. */
    const trace = async (s: TestServer, game: BookingShape) => {
      const now = clock.now();
      return {
        booking: await s.ports.bookings.findById(game.id),
        payments: await s.ports.payments.listByBooking(game.id),
        refunds: await s.ports.refunds.byBooking(game.id),
        // claimed until the moment they are claimed at: a look that leaves them free for the next one
        events: (await s.ports.events.claim(now, now, 10_000)).filter((e) => "bookingId" in e.event && e.event.bookingId === game.id).map((e) => e.event.type),
      };
    };

    it("when the player cancels a few seconds before the start, then it is cancelled with the tier of the moment (0%)", async () => {
      const game = await paidGame();
      clock.moveTo(new Date(startOf(game).getTime() - 5 * SECOND));
      const answer = await player.post<{ refundPercentage: number; refundAmount: string; booking: { status: string } }>("/api/cancellations", { bookingId: game.id });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ refundPercentage: 0, refundAmount: "0.00", booking: { status: "cancelled" } });
    });

    it.each([
      ["at its start", 0],
      ["an hour after its start", 3_600 * SECOND],
    ])("when the player cancels %s, then 409 BOOKING_STARTED and the booking, its payments, refunds and events stay as they were", async (_, after) => {
      const game = await paidGame();
      clock.moveTo(new Date(startOf(game).getTime() + after));
      const before = await trace(server(), game);
      expect(before.booking).toMatchObject({ status: "active", paidAmount: before.booking!.totalAmount });
      const refused = await player.post<Problem>("/api/cancellations", { bookingId: game.id, cancellationReason: "Llueve" });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "BOOKING_STARTED", message: "La reserva ya comenzó y no se puede cancelar" });
      expect(await trace(server(), game)).toEqual(before);
      const read = await player.get<{ status: string }>(`/api/bookings/${game.id}`);
      expect(read.body.status).toBe("active");
    });

    it("when an admin cancels a player's game that began, then 409 BOOKING_STARTED too", async () => {
      const game = await paidGame();
      clock.moveTo(startOf(game));
      const refused = await admin.post<Problem>("/api/cancellations", { bookingId: game.id });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("BOOKING_STARTED");
      expect((await server().ports.bookings.findById(game.id))?.status).toBe("active");
    });

    it("when the start comes after the server checked and before it writes, then the database's write refuses it: 409 BOOKING_STARTED, nothing changed", async () => {
      const game = await paidGame();
      clock.moveTo(new Date(startOf(game).getTime() - 5 * SECOND));
      const before = await trace(server(), game);
      let moved = false;
      onPaymentsListed = () => {
        clock.moveTo(startOf(game));
        moved = true;
      };
      const refused = await player.post<Problem>("/api/cancellations", { bookingId: game.id });
      onPaymentsListed = undefined;
      expect(moved).toBe(true);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "BOOKING_STARTED", message: "La reserva ya comenzó y no se puede cancelar" });
      expect(await trace(server(), game)).toEqual(before);
    });

    it("when the club closes the court for the day after the game began, then the closure cancels it and every payer gets 100% back", async () => {
      const game = await paidGame();
      clock.moveTo(new Date(startOf(game).getTime() + 1_800 * SECOND));
      const date = game.bookingDate.slice(0, 10);
      const closure = await admin.post<{ cancelledBookings: { booking: { id: string }; refunds: { amount: string; status: string }[] }[] }>("/api/admin/blocks", {
        courtId: game.courtId,
        startDate: date,
        endDate: date,
        timeSlots: [game.timeSlot],
        reason: "Otro",
        note: "Lluvia",
        cancelConflicts: true,
      });
      expect(closure.status).toBe(201);
      expect(closure.body.cancelledBookings.map((c) => [c.booking.id, c.refunds.map((r) => [r.amount, r.status])])).toEqual([[game.id, [[game.totalAmount, "sent"]]]]);
      expect(await server().ports.bookings.findById(game.id)).toMatchObject({ status: "cancelled", refundPercentage: 100, cancellationReason: "Cierre del club: Otro (Lluvia)" });
    });
  },
  {
    server: {
      clock,
      ports: (ports) => ({
        ...ports,
        payments: {
          ...ports.payments,
          listByBooking: (bookingId) => {
            const then = onPaymentsListed;
            onPaymentsListed = undefined;
            then?.();
            return ports.payments.listByBooking(bookingId);
          },
        },
      }),
    },
  },
);
