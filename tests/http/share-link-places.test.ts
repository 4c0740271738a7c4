import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_POLICY, GUEST_CODE_INTENT_MINUTES } from "@courts/core";
import type { Runtime } from "@courts/adapters";
import { sweepSteps } from "@courts/adapters/sweep/steps";
import { unmeasuredClock } from "@courts/adapters/sql/database-clock";
import { Client } from "./support/client.js";
import { adminClient, book, demoCourts, newPlayer, pay, unique, type CourtShape } from "./support/fixtures.js";
import { freshDatabase, HTTP_ENGINES, runtimeConfig, startServer, type TestDatabase, type TestServer } from "./support/server.js";
import { movableClock } from "./support/movable-clock.js";

/**
 * DESIGN.md section 12, "Guest intents on a share link", through the real server: a link's open
 * share intents and paid shares never hold more places than the link has (409
 * SHARE_LINK_PLACES_PENDING, held by the database when requests race, on two server processes),
 * and a share intent with a discount code is abandoned by the sweep after GUEST_CODE_INTENT_MINUTES,
 * cancelled at the provider, so its code's use comes back. The clock is one the test moves.
 */

const MINUTE = 60_000;
const PLACES_MESSAGE = "Todos los lugares de este link tienen un pago en curso. Intenta de nuevo en unos minutos.";

interface Intent {
  readonly clientSecret: string;
  readonly paymentIntentId: string;
}

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`share intents hold the places of their link [${engine.name}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    /** a second server process on the same database, for the race */
    let other: TestServer;
    let dir: string;
    let runtime: Runtime;
    let courts: CourtShape[];
    const clock = movableClock();

    beforeAll(async () => {
      db = await freshDatabase(engine.name);
      server = await startServer(db.url, {}, undefined, { policy: DEFAULT_BOOKING_POLICY, clock });
      other = await startServer(db.url, {}, undefined, { policy: DEFAULT_BOOKING_POLICY, clock });
      courts = (await demoCourts(server)).courts;
      dir = mkdtempSync(path.join(tmpdir(), "courts-places-"));
      // the server's sweep, with the product's intent TTL (30 minutes)
      runtime = { config: runtimeConfig(db.url, dir), database: server.database, ports: server.ports, clock: unmeasuredClock(clock), simulated: null, verifyWebhook: null, close: async () => undefined };
      expect(runtime.config.intentTtlMinutes).toBe(30);
    });
    afterAll(async () => {
      await other?.close();
      await server?.close();
      await db?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** the sweep's step that abandons stale intents, as a pass runs it */
    const sweepStaleIntents = () => {
      const step = sweepSteps(runtime).find((s) => s.name === "stale-intents");
      if (!step) throw new Error("no stale-intents step");
      return step.run();
    };

    /** Night-or-day doubles whose organiser paid their share, and its link: three places left. */
    const sharedDoubles = async () => {
      const organiser = await newPlayer(server);
      const booking = await book(organiser.client, courts, { gameType: "doubles" });
      await pay(organiser.client, booking.id, { paymentType: "partial" });
      const link = await organiser.client.post<{ shareToken: string }>("/api/shared-payment-links", { bookingId: booking.id, maxParticipants: 4 });
      expect(link.status, link.text).toBe(201);
      return { organiser, booking, shareToken: link.body.shareToken };
    };

    /** A guest without an account opens a share intent, on `via` (this server unless given). */
    const guestIntent = (bookingId: string, shareToken: string, extra: Record<string, unknown> = {}, via: TestServer = server) =>
      new Client(via.baseUrl).post<Intent & { code?: string; message?: string }>("/api/create-payment-intent", {
        bookingId,
        shareToken,
        payerName: unique("Invitado "),
        ...extra,
      });

    const opened = async (bookingId: string, shareToken: string, extra: Record<string, unknown> = {}) => {
      const answer = await guestIntent(bookingId, shareToken, extra);
      expect(answer.status, answer.text).toBe(200);
      return answer.body;
    };

    const pendingShares = async (bookingId: string) =>
      (await server.ports.payments.listByBooking(bookingId)).filter((p) => p.kind === "shared" && p.status === "pending");

    const confirm = (clientSecret: string) =>
      new Client(server.baseUrl).post("/api/simulated-card/confirm", {
        clientSecret,
        cardNumber: "4242 4242 4242 4242",
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: "123",
      });

    it("when a doubles link has 3 places, then 3 guests open intents and the 4th answers 409 SHARE_LINK_PLACES_PENDING; once one is abandoned, a new guest gets its place", async () => {
      const { booking, shareToken } = await sharedDoubles();
      const first = await opened(booking.id, shareToken);
      clock.advance(20 * MINUTE);
      await opened(booking.id, shareToken);
      await opened(booking.id, shareToken);
      const fourth = await guestIntent(booking.id, shareToken);
      expect(fourth.status, fourth.text).toBe(409);
      expect(fourth.body).toMatchObject({ code: "SHARE_LINK_PLACES_PENDING", message: PLACES_MESSAGE });
      expect(await pendingShares(booking.id)).toHaveLength(3);
      // the link's page still shows three places to pay: they are open, not paid
      const page = await new Client(server.baseUrl).get<{ link: { currentParticipants: number } }>(`/api/shared-payment-links/${shareToken}`);
      expect(page.body.link.currentParticipants).toBe(1);

      // the first intent passes the 30-minute TTL: the sweep cancels it at the provider and frees its place
      clock.advance(10 * MINUTE + 1000);
      expect(await sweepStaleIntents()).toBeGreaterThanOrEqual(1);
      expect((await server.ports.gateway.retrieveIntent(first.paymentIntentId))?.status).toBe("canceled");
      expect(await server.ports.payments.findByIntent(first.paymentIntentId)).toMatchObject({ status: "failed" });
      expect(await pendingShares(booking.id)).toHaveLength(2);
      await opened(booking.id, shareToken);
      expect((await guestIntent(booking.id, shareToken)).status).toBe(409);
      expect(await pendingShares(booking.id)).toHaveLength(3);
    });

    it("when 10 guests ask for the link's last place at once on two server processes, then exactly 1 intent is opened and 9 answer 409", async () => {
      const { booking, shareToken } = await sharedDoubles();
      // two guests pay: one place left
      for (let i = 0; i < 2; i++) await pay(new Client(server.baseUrl), booking.id, { shareToken });
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => guestIntent(booking.id, shareToken, {}, i % 2 === 0 ? server : other)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(9);
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toMatchObject({ code: "SHARE_LINK_PLACES_PENDING", message: PLACES_MESSAGE });
      const pending = await pendingShares(booking.id);
      expect(pending).toHaveLength(1);
      expect(pending[0]!.stripePaymentIntentId).toBe(answers.find((a) => a.status === 200)!.body.paymentIntentId);
    });

    it(`when 5 guests hold a 5-use code's uses, then after ${GUEST_CODE_INTENT_MINUTES} minutes the sweep cancels their intents, the code is usable again and nothing is charged`, async () => {
      const code = unique("CINCO").toUpperCase();
      const admin = await adminClient(server);
      const created = await admin.post("/api/admin/discount-codes", { code, type: "percentage", value: 10, maxUsage: 5, expiresAt: null, isActive: true });
      expect(created.status, created.text).toBeLessThan(300);
      const usage = async () => (await admin.get<{ code: string; usageCount: number }[]>("/api/admin/discount-codes")).body.find((c) => c.code === code)?.usageCount;
      const one = await sharedDoubles();
      const two = await sharedDoubles();
      const paidOf = async ({ organiser, booking }: Awaited<ReturnType<typeof sharedDoubles>>) =>
        (await organiser.client.get<{ paidAmount: string }>(`/api/bookings/${booking.id}`)).body.paidAmount;
      const paidBefore = [await paidOf(one), await paidOf(two)];
      const held: Intent[] = [];
      for (let i = 0; i < 3; i++) held.push(await opened(one.booking.id, one.shareToken, { discountCode: code }));
      for (let i = 0; i < 2; i++) held.push(await opened(two.booking.id, two.shareToken, { discountCode: code }));
      expect(await usage()).toBe(5);
      const sixth = await guestIntent(two.booking.id, two.shareToken, { discountCode: code });
      expect(sixth.status, sixth.text).toBe(409);
      expect(sixth.body).toMatchObject({ code: "DISCOUNT_UNUSABLE" });

      clock.advance(GUEST_CODE_INTENT_MINUTES * MINUTE - 30_000);
      await sweepStaleIntents();
      expect(await usage()).toBe(5);
      for (const intent of held) expect(await server.ports.payments.findByIntent(intent.paymentIntentId)).toMatchObject({ status: "pending" });

      clock.advance(60_000);
      expect(await sweepStaleIntents()).toBeGreaterThanOrEqual(5);
      expect(await usage()).toBe(0);
      for (const intent of held) {
        expect((await server.ports.gateway.retrieveIntent(intent.paymentIntentId))?.status).toBe("canceled");
        expect(await server.ports.payments.findByIntent(intent.paymentIntentId)).toMatchObject({ status: "failed", paidAt: null });
        // the card form a guest left open charges nothing
        expect((await confirm(intent.clientSecret)).status).not.toBe(200);
      }
      // the organisers' shares only, as before the guests came
      expect([await paidOf(one), await paidOf(two)]).toEqual(paidBefore);
      const again = await opened(two.booking.id, two.shareToken, { discountCode: code });
      expect(await server.ports.payments.findByIntent(again.paymentIntentId)).toMatchObject({ discountCode: code, status: "pending" });
      expect(await usage()).toBe(1);
    });
  });
}
