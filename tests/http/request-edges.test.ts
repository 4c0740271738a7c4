import { describe, expect, it } from "vitest";
import { addDays, localDateOf } from "@courts/core";
import { Client } from "./support/client.js";
import { adminClient, dayFromToday, demoCourts, newPlayer } from "./support/fixtures.js";
import { describeOnEngines, TEST_TIME_ZONE } from "./support/server.js";

/**
 * Edges of a request that reached the database or told a wrong limit: a control character in the
 * address, a weekly series far in the future, the Stripe webhook's body limit.
 */
describeOnEngines("request edges", (server) => {
  describe("a control character in the address", () => {
    const QUERY = {
      code: "INVALID_INPUT",
      field: "query",
      message: "Un parámetro de la dirección contiene caracteres de control (como NUL), que no se admiten",
    };

    it("when a query string holds %00 (or another control character), then any route answers 400 in Spanish, for a guest, a player and an admin", async () => {
      const { courts } = await demoCourts(server());
      const guest = new Client(server().baseUrl);
      const { client: player } = await newPlayer(server());
      const admin = await adminClient(server());
      const court = courts[0]!.id;
      const asked: [Client, string][] = [
        [admin, "/api/admin/users?username=%00"],
        [admin, "/api/admin/users?q=ana%00"],
        [admin, "/api/admin/transactions?status=%00"],
        [admin, "/api/admin/schedule?date=2030-01-01%00"],
        [guest, `/api/courts/${court}/bookings?date=%00`],
        [guest, "/api/venues?x=%1F"],
        [guest, "/api/no-existe?x=%00"],
        [player, "/api/user/bookings?page=%00"],
        [player, "/api/bookings?status=%7f"],
      ];
      for (const [client, path] of asked) {
        const answer = await client.get(path);
        expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 400, body: QUERY });
      }
      // a tab or a line break is not refused by this rule (the route judges its own parameters)
      expect((await guest.get("/api/venues?x=%09")).status).toBe(200);
      expect((await guest.get("/api/venues?x=%2500")).status).toBe(200);
    });

    it("when a path holds %00, then 400 in Spanish instead of an id reaching the database", async () => {
      const guest = new Client(server().baseUrl);
      const { client: player } = await newPlayer(server());
      for (const [client, path] of [
        [guest, "/api/courts/%00"],
        [guest, "/api/venues/ab%00cd"],
        [player, "/api/bookings/%00/calendar.ics"],
        [guest, "/api/shared-payment-links/%00"],
      ] as const) {
        const answer = await client.get(path);
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status: 400,
          body: { code: "INVALID_INPUT", field: "path", message: "La dirección contiene caracteres de control (como NUL), que no se admiten" },
        });
      }
    });
  });

  describe("an admin's weekly series", () => {
    it("when it would start more than 365 days ahead ('9999-12-31'), then 400 naming the latest start; 365 days ahead is booked", async () => {
      const { courts } = await demoCourts(server());
      const admin = await adminClient(server());
      const { user: player } = await newPlayer(server());
      const body = { courtId: courts[0]!.id, userId: player.id, timeSlot: "08:00", gameType: "singles" };
      for (const startDate of ["9999-12-31", dayFromToday(366)]) {
        const answer = await admin.post("/api/admin/booking-series", { ...body, startDate, weeks: 1 });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: "INVALID_INPUT", field: "startDate" });
        expect(String(answer.body.message)).toMatch(/^Una serie puede empezar como máximo 365 días después de hoy: elige una fecha hasta el \d{1,2} de [a-z]+ de \d{4}$/);
      }
      const latest = addDays(localDateOf(new Date(), TEST_TIME_ZONE), 365);
      const booked = await admin.post<{ created: { bookingDate: string }[] }>("/api/admin/booking-series", { ...body, startDate: latest, weeks: 1 });
      expect(booked.status).toBe(201);
      expect(booked.body.created).toHaveLength(1);
    });
  });

  describe("the Stripe webhook's body limit", () => {
    it("when a delivery is over 1 MiB, then 413 says 1 MiB (the JSON routes' 16 KiB is not this route's)", async () => {
      const guest = new Client(server().baseUrl);
      const answer = await guest.request("POST", "/api/stripe/webhook", {
        body: "x".repeat(1024 * 1024 + 1),
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ code: "PAYLOAD_TOO_LARGE", field: "body", message: "El cuerpo del webhook es demasiado grande (máximo 1 MiB)" });
    });
  });
});
