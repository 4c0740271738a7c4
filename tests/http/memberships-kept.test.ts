import { DEFAULT_BOOKING_POLICY } from "@courts/core";
import type { SqlDatabase } from "@courts/adapters/sql/index";
import { beforeAll, expect, it } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, dayFromToday, newCourt, newPlayer, unique, type CourtShape } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

interface Membership {
  readonly id: string;
  readonly startsAt: string;
  readonly endsAt: string;
}

const CARD = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

/**
 * The membership a booking reads is kept per process under the `memberships` counter
 * (membership-repository.sql.ts, migration ...20261208000900): a player of the venue who is no
 * member books with no statement for it, and a membership bought by card or recorded at the desk
 * is honoured by the very next booking; one that ended is not, with no write in between (the
 * kept end date is compared with the instant asked).
 */
describeOnEngines(
  "memberships kept per process",
  (server) => {
    let admin: Client;
    let venueId: string;
    let court: CourtShape;
    let planId: string;
    let dayCounter = 0;

    beforeAll(async () => {
      admin = await adminClient(server());
      venueId = (await admin.post<{ id: string }>("/api/venues", { name: unique("Club Guardado "), location: "Cuenca" })).body.id;
      court = await newCourt(admin, { name: "Guardada 1", courtNumber: 1, venueId });
      const plan = await admin.post<{ id: string }>("/api/admin/membership-plans", { venueId, name: unique("Socio "), price: "50", months: 1, discountPercent: 20 });
      expect(plan.status, plan.text).toBe(201);
      planId = plan.body.id;
    });

    const book = (client: Client) =>
      client.post<{ id: string; totalAmount: string }>("/api/bookings", {
        courtId: court.id,
        bookingDate: `${dayFromToday(6 + dayCounter++)}T00:00:00`,
        timeSlot: "08:00",
        gameType: "singles",
      });

    const sql = () => (server().database as SqlDatabase).sql;

    /** The statements naming the memberships table that `work` sent (its reads and writes). */
    const membershipStatements = async (work: () => Promise<unknown>): Promise<string[]> => {
      const client = sql();
      const all = client.all;
      const seen: string[] = [];
      client.all = (text, params) => {
        if (/\bmemberships\b/.test(text)) seen.push(text);
        return all.call(client, text, params);
      };
      try {
        await work();
      } finally {
        client.all = all;
      }
      return seen;
    };

    it("the counter is known, so the venue's memberships are kept", async () => {
      expect((await sql().changes.now())?.get("memberships")).toEqual(expect.any(Number));
    });

    it("when a player who is no member books twice, then the second booking reads nothing of the memberships", async () => {
      const { client } = await newPlayer(server());
      const first = await book(client);
      expect(first.status, first.text).toBe(201);
      expect(first.body.totalAmount).toBe("14.50");
      const statements = await membershipStatements(async () => {
        const second = await book(client);
        expect(second.status, second.text).toBe(201);
        expect(second.body.totalAmount).toBe("14.50");
      });
      expect(statements).toEqual([]);
    });

    it("when the desk records a membership, then the very next booking is at the member's price", async () => {
      const { client, user } = await newPlayer(server());
      expect((await book(client)).body.totalAmount).toBe("14.50");
      // kept now: the venue's memberships as of that booking, this player in none
      expect((await admin.post(`/api/admin/users/${user.id}/memberships`, { planId })).status).toBe(201);
      const member = await book(client);
      expect(member.status, member.text).toBe(201);
      expect(member.body.totalAmount).toBe("11.60");
    });

    it("when a player buys a membership by card, then the very next booking is at the member's price", async () => {
      const { client } = await newPlayer(server());
      expect((await book(client)).body.totalAmount).toBe("14.50");
      const intent = await client.post<{ clientSecret: string; paymentIntentId: string }>("/api/user/memberships", { planId });
      expect(intent.status, intent.text).toBe(200);
      expect((await client.post("/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...CARD })).status).toBe(200);
      expect((await client.post(`/api/user/purchases/${intent.body.paymentIntentId}`)).status).toBe(201);
      const member = await book(client);
      expect(member.status, member.text).toBe(201);
      expect(member.body.totalAmount).toBe("11.60");
    });

    it("when a membership has ended, then it is not honoured: at its end with no write in between, and once its end is moved before now", async () => {
      const { client, user } = await newPlayer(server());
      const recorded = await admin.post<Membership>(`/api/admin/users/${user.id}/memberships`, { planId });
      expect(recorded.status).toBe(201);
      expect((await book(client)).body.totalAmount).toBe("11.60");
      const { memberships } = server().ports;
      const endsAt = Date.parse(recorded.body.endsAt);
      // the same kept copy asked for later instants: in force to its last millisecond, not at its end
      const statements = await membershipStatements(async () => {
        expect((await memberships.activeFor(user.id, venueId, new Date(endsAt - 1)))?.id).toBe(recorded.body.id);
        expect(await memberships.activeFor(user.id, venueId, new Date(endsAt))).toBeUndefined();
        expect(await memberships.activeFor(user.id, venueId, new Date(endsAt + 86_400_000))).toBeUndefined();
      });
      expect(statements).toEqual([]);
      // ended a minute ago (as the desk's correction or a clock past its end would leave it)
      const past = new Date(Date.now() - 60_000).toISOString();
      await sql().run("update memberships set starts_at = ?, ends_at = ? where id = ?", [new Date(Date.now() - 86_400_000).toISOString(), past, recorded.body.id]);
      const after = await book(client);
      expect(after.status, after.text).toBe(201);
      expect(after.body.totalAmount).toBe("14.50");
    });
  },
  { server: { policy: { ...DEFAULT_BOOKING_POLICY, maxUnpaidBookings: 20, unverifiedUnpaidBookings: 20 } } },
);
