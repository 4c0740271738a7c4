import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "@courts/adapters";
import { runSweep } from "@courts/adapters/sweep/sweeper";
import { sweepSteps } from "@courts/adapters/sweep/steps";
import type { FakeStripeServer, RecordedRequest } from "../support/fake-stripe-server.js";
import { waitFor } from "../support/wait-for.js";
import { Client, type RequestOptions } from "./support/client.js";
import { adminClient, book, newPlayer, type BookingShape, type CourtShape, type UserShape } from "./support/fixtures.js";
import { HTTP_ENGINES, type TestServer } from "./support/server.js";
import { startStripeModeServer, type StripeModeServer } from "./support/stripe-mode.js";

/**
 * DESIGN.md section 12, "Reconciled with the provider", end to end: the real server in Stripe mode
 * (stripe-node behind the resilient gateway) against the local fake Stripe API and its faults. A
 * player pays a booking in full by card, then the provider saves an error under the refund's key,
 * loses its answer, hangs, or has money refunded at its dashboard (with or without the
 * `charge.refunded` webhook); the refund ledger and the sweep must end with the provider holding
 * exactly one charge's worth of refunds, the player and the admin seeing it, and nobody asked again.
 */

const WEBHOOK_SECRET = "whsec_refund_reconciliation";
/**
 * Each provider call gives up after this long (the resilient gateway: 3 attempts): short enough
 * that a hang costs little, long enough that an answer given at once is not cut off on a loaded
 * machine.
 */
const TIMEOUT_SECONDS = 1;
/** an owed refund older than this is listed to the admin (REFUND_ALERT_HOURS=0.001) */
const ALERT_MS = 3_600;

const cents = (money: string) => Math.round(Number(money) * 100);

interface PaymentView {
  readonly id: string;
  readonly totalPaid: string;
  readonly paidAt: string | null;
  readonly status: string;
  readonly stripePaymentIntentId: string;
  readonly refundedAmount: string;
  readonly refundOwed: string;
  readonly refundSentAt: string | null;
}

interface CancellationView {
  readonly refundPercentage: number;
  readonly refundAmount: string;
  readonly refundPending: string;
}

interface LateRefundView {
  readonly id: string;
  readonly paymentId: string;
  readonly bookingId: string;
  readonly reason: string;
  readonly amount: string;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: string;
}

interface StatsView {
  readonly summary: { readonly refunds: string; readonly total: string };
}

/** A booking paid in full by card: its player, the provider's intent and what was charged. */
interface PaidGame {
  readonly client: Client;
  readonly user: UserShape;
  readonly booking: BookingShape;
  readonly intentId: string;
  /** what the card was charged, as the API writes money ("14.50") */
  readonly totalPaid: string;
  /** the same, in cents */
  readonly charged: number;
  readonly paymentId: string;
}

for (const engine of HTTP_ENGINES)
  describe.skipIf(!engine.available)(`refunds reconciled with Stripe over HTTP [${engine.name}]`, () => {
    let suite: StripeModeServer;
    let stripe: FakeStripeServer;
    let runtime: Runtime;
    let server: TestServer;
    let courts: CourtShape[];
    /** what the sweep's steps said while failing, for the messages of failed expectations */
    const sweepNotes: string[] = [];

    beforeAll(async () => {
      suite = await startStripeModeServer(engine.name, {
        name: "reconciliation",
        webhookSecret: WEBHOOK_SECRET,
        env: {
          PAYMENT_PROVIDER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
          REFUND_ALERT_HOURS: String(ALERT_MS / 3_600_000),
          // the test runs every sweep itself
          SWEEP_INTERVAL_SECONDS: "0",
        },
      });
      ({ stripe, runtime, server, courts } = suite);
    });
    // a test that failed half way leaves no staged fault to the next one
    afterEach(() => stripe.clearFaults());
    afterAll(() => suite?.close());

    /** One pass of the server's sweep, every step, as a server process runs it. */
    const sweep = async () => {
      const result = await runSweep(
        sweepSteps(runtime, (details, message) => sweepNotes.push(`${details.step}: ${message} ${String(details.err ?? "")}`)),
        { error: ({ step, err }) => sweepNotes.push(`${step} failed: ${String(err)}`) },
      );
      expect(typeof result["refunds-owed"], `the refunds step failed: ${JSON.stringify(result)}`).toBe("number");
      return result;
    };

    /** The requests the provider got about this intent's refunds (creating them and listing them). */
    const refundRequests = (intentId: string): RecordedRequest[] =>
      stripe.requests.filter((r) => r.path === "/v1/refunds" && r.form["payment_intent"] === intentId);
    const refundCreations = (intentId: string) => refundRequests(intentId).filter((r) => r.method === "POST");
    const refundListings = (intentId: string) => refundRequests(intentId).filter((r) => r.method === "GET");
    /**
     * Refund requests for the intent under keys other than `keys`. stripe-node sends a request once
     * more by itself when its connection drops, and that copy may reach the provider after the
     * call gave up: it carries the key of the call, so a request under another key is a new one.
     */
    const keysOf = (intentId: string) => new Set(refundCreations(intentId).map((r) => r.idempotencyKey));
    const creationsBeyond = (intentId: string, keys: ReadonlySet<string | undefined>) =>
      refundCreations(intentId).filter((r) => !keys.has(r.idempotencyKey));
    /**
     * Nothing is owed on the intent any more: `passes` more sweeps ask the provider nothing about
     * its refunds, no list and no refund under a new key (a late copy of an earlier request is no new call).
     */
    const expectSweepsAskNothing = async (intentId: string, passes: number) => {
      const listings = refundListings(intentId).length;
      const keys = keysOf(intentId);
      for (let pass = 0; pass < passes; pass++) await sweep();
      expect(refundListings(intentId)).toHaveLength(listings);
      expect(creationsBeyond(intentId, keys)).toEqual([]);
    };
    /** What the provider itself holds as refunded on the intent, oldest first (failed refunds gave nothing back). */
    const atStripe = (intentId: string) =>
      stripe
        .refundsOf(intentId)
        .filter((r) => r.status !== "failed")
        .map((r) => r.amount);
    const sum = (amounts: readonly number[]) => amounts.reduce((a, b) => a + b, 0);

    const paymentOf = async (game: PaidGame) => {
      const answer = await game.client.get<PaymentView[]>("/api/user/payments");
      expect(answer.status, answer.text).toBe(200);
      return answer.body.find((p) => p.stripePaymentIntentId === game.intentId);
    };
    /** The ledger's rows of the booking as [reason, status, cents], sorted: the API shows sums only. */
    const ledger = async (game: PaidGame) =>
      (await runtime.ports.refunds.byBooking(game.booking.id)).map((r) => [r.reason, r.status, r.amount] as const).sort();
    const refundsOf = (game: PaidGame) => runtime.ports.refunds.byBooking(game.booking.id);

    const cancel = async (game: PaidGame) => {
      const answer = await game.client.post<CancellationView>("/api/cancellations", { bookingId: game.booking.id, userId: game.user.id });
      expect(answer.status, answer.text).toBe(200);
      return answer.body;
    };

    const refundsInStats = async () => {
      const admin = await adminClient(server);
      const stats = await admin.get<StatsView>("/api/payments/stats");
      expect(stats.status, stats.text).toBe(200);
      return cents(stats.body.summary.refunds);
    };

    const lateList = async (client: Client) => client.get<LateRefundView[]>("/api/admin/refunds/late");

    const postWebhook = (delivery: RequestOptions) => new Client(server.baseUrl).request("POST", "/api/stripe/webhook", delivery);

    /** A player books a court and opens an intent for the whole; nothing is charged yet. */
    const openedGame = async () => {
      const { client, user } = await newPlayer(server);
      const booking = await book(client, courts);
      const intent = await client.post<{ paymentIntentId: string; totalPaid: string }>("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" });
      expect(intent.status, intent.text).toBe(200);
      return { client, user, booking, intentId: intent.body.paymentIntentId, totalPaid: intent.body.totalPaid };
    };

    /**
     * A player books a court five days or more ahead (a cancellation refunds 100%), opens an intent
     * for the whole, their card is charged at the provider (the browser's confirmation), and the
     * browser reports it.
     */
    const paidGame = async (): Promise<PaidGame> => {
      const { client, user, booking, intentId, totalPaid } = await openedGame();
      expect(stripe.intent(intentId)?.amount).toBe(cents(totalPaid));
      stripe.succeed(intentId);
      const recorded = await client.post<PaymentView>("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intentId });
      expect(recorded.status, recorded.text).toBe(201);
      expect(recorded.body.status).toBe("succeeded");
      return { client, user, booking, intentId, totalPaid, charged: cents(totalPaid), paymentId: recorded.body.id };
    };

    /** The payment as the player sees it once all of it went back. */
    const expectRefundedInFull = async (game: PaidGame) => {
      const payment = await paymentOf(game);
      expect(payment).toMatchObject({ status: "refunded", refundedAmount: game.totalPaid, refundOwed: "0.00" });
      expect(payment?.refundSentAt).not.toBeNull();
    };

    it("when Stripe saved a 500 under the refund's key, then the cancellation owes it, and the sweep asks Stripe, finds nothing, and sends it once under a new key", async () => {
      const game = await paidGame();
      stripe.failNext("POST /v1/refunds", { status: 500, saved: true });

      const cancelled = await cancel(game);

      expect(cancelled).toMatchObject({ refundPercentage: 100, refundAmount: game.totalPaid, refundPending: game.totalPaid });
      // the first try and both retries, under one key, each answered the saved 500
      const tried = refundCreations(game.intentId);
      expect(tried).toHaveLength(3);
      expect(new Set(tried.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(atStripe(game.intentId)).toEqual([]);
      expect(await paymentOf(game)).toMatchObject({ status: "refunded", refundOwed: game.totalPaid, refundedAmount: "0.00", refundSentAt: null });
      const [owed] = await refundsOf(game);
      expect(owed).toMatchObject({ reason: "player", status: "owed", amount: game.charged, lastError: expect.any(String) });

      await sweep();

      // Stripe was asked what the charge holds before a new key was used, and the new key was used once
      const after = refundRequests(game.intentId).slice(tried.length);
      expect(after.map((r) => r.method)).toEqual(["GET", "POST"]);
      expect(after[1]!.idempotencyKey).not.toBe(tried[0]!.idempotencyKey);
      const made = stripe.refundsOf(game.intentId);
      expect(made.map((r) => [r.amount, r.metadata["refundId"]])).toEqual([[game.charged, owed!.id]]);
      expect(await refundsOf(game)).toMatchObject([{ id: owed!.id, status: "sent", providerRefundId: made[0]!.id, lastError: null }]);
      await expectRefundedInFull(game);

      // nothing is owed any more: the next passes call Stripe about it no more
      await expectSweepsAskNothing(game.intentId, 2);
      expect(atStripe(game.intentId)).toEqual([game.charged]);
    });

    it("when Stripe made the refund but every answer was lost, then the cancellation owes it, and the sweep finds it at Stripe and records it sent without refunding again", async () => {
      const game = await paidGame();
      // stripe-node sends a request once more when its connection drops: 2 per attempt, 3 attempts
      stripe.loseNextAnswer("POST /v1/refunds", { times: 6 });

      const cancelled = await cancel(game);

      expect(cancelled).toMatchObject({ refundAmount: game.totalPaid, refundPending: game.totalPaid });
      const tried = refundCreations(game.intentId);
      expect(tried.length).toBeGreaterThanOrEqual(3);
      expect(new Set(tried.map((r) => r.idempotencyKey)).size).toBe(1);
      // done once at Stripe, whatever the client saw
      const [made, ...more] = stripe.refundsOf(game.intentId);
      expect(more).toEqual([]);
      expect(made).toMatchObject({ amount: game.charged, status: "succeeded" });
      const [owed] = await refundsOf(game);
      expect(owed).toMatchObject({ status: "owed", amount: game.charged });
      expect(made!.metadata["refundId"]).toBe(owed!.id);
      expect(await paymentOf(game)).toMatchObject({ refundOwed: game.totalPaid, refundedAmount: "0.00", refundSentAt: null });

      await sweep();

      // found in Stripe's list by its id: recorded, not asked for again
      expect(creationsBeyond(game.intentId, keysOf(game.intentId))).toEqual([]);
      expect(creationsBeyond(game.intentId, new Set([tried[0]!.idempotencyKey]))).toEqual([]);
      expect(refundListings(game.intentId)).toHaveLength(1);
      expect(await refundsOf(game)).toMatchObject([{ id: owed!.id, status: "sent", providerRefundId: made!.id, lastError: null }]);
      await expectRefundedInFull(game);
      expect(atStripe(game.intentId)).toEqual([game.charged]);

      await expectSweepsAskNothing(game.intentId, 1);
    });

    it("when Stripe hangs on the refund without doing it, then the cancellation still answers in time with the money owed, and after Stripe is back one sweep sends exactly one refund", async () => {
      const game = await paidGame();
      stripe.hang("POST /v1/refunds", undefined, { carriedOut: false });

      const started = Date.now();
      const cancelled = await cancel(game);
      const took = Date.now() - started;

      expect(cancelled).toMatchObject({ refundPercentage: 100, refundAmount: game.totalPaid, refundPending: game.totalPaid });
      // three attempts of 1 s and their pauses, not a connection left open
      expect(took).toBeLessThan(8_000);
      const booking = await game.client.get<BookingShape>(`/api/bookings/${game.booking.id}`);
      expect(booking.body.status).toBe("cancelled");
      expect(await paymentOf(game)).toMatchObject({ refundOwed: game.totalPaid, refundedAmount: "0.00" });
      expect(await refundsOf(game)).toMatchObject([{ status: "owed", amount: game.charged, lastError: expect.any(String) }]);
      expect(atStripe(game.intentId)).toEqual([]);

      stripe.resume();
      await sweep();

      expect(atStripe(game.intentId)).toEqual([game.charged]);
      expect(await ledger(game)).toEqual([["player", "sent", game.charged]]);
      await expectRefundedInFull(game);
      await expectSweepsAskNothing(game.intentId, 1);
      expect(atStripe(game.intentId)).toEqual([game.charged]);
    });

    it("when Stripe did the refund but its answers come too late, then the cancellation owes it, and the sweep records the one refund Stripe made", async () => {
      const game = await paidGame();
      stripe.hang("POST /v1/refunds", undefined, { carriedOut: true });

      const cancelled = await cancel(game);

      expect(cancelled).toMatchObject({ refundAmount: game.totalPaid, refundPending: game.totalPaid });
      expect(atStripe(game.intentId)).toEqual([game.charged]);
      stripe.resume();
      const keys = keysOf(game.intentId);
      expect(keys.size).toBe(1);

      await sweep();

      expect(creationsBeyond(game.intentId, keys)).toEqual([]);
      expect(await ledger(game)).toEqual([["player", "sent", game.charged]]);
      await expectRefundedInFull(game);
      expect(atStripe(game.intentId)).toEqual([game.charged]);
    });

    it("when part of the charge is refunded at Stripe's dashboard and its charge.refunded arrives, then revenue shows it once, and the player's 100% cancellation refunds only the rest", async () => {
      const game = await paidGame();
      const refundsBefore = await refundsInStats();
      const part = Math.floor(game.charged / 3);
      const outside = stripe.refundOutside(game.intentId, part);
      const delivery = outside.signed(WEBHOOK_SECRET);

      const received = await postWebhook(delivery);

      expect(received.status, received.text).toBe(200);
      expect(received.body).toEqual({ received: true });
      expect(await refundsInStats()).toBe(refundsBefore + part);
      expect(await ledger(game)).toEqual([["provider", "sent", part]]);
      expect((await refundsOf(game))[0]).toMatchObject({ providerRefundId: outside.refund.id });
      expect(await paymentOf(game)).toMatchObject({ refundedAmount: (part / 100).toFixed(2), refundOwed: "0.00" });

      // the same delivery again, and another event about the same charge: nothing more is recorded
      const calls = stripe.requests.length;
      const again = await postWebhook(delivery);
      expect(again.status, again.text).toBe(200);
      expect(stripe.requests.length).toBe(calls);
      const other = await postWebhook(stripe.sign(stripe.chargeRefundedEvent(game.intentId), WEBHOOK_SECRET));
      expect(other.status, other.text).toBe(200);
      expect(await refundsInStats()).toBe(refundsBefore + part);
      expect(await ledger(game)).toEqual([["provider", "sent", part]]);

      const cancelled = await cancel(game);

      const rest = game.charged - part;
      expect(cancelled).toMatchObject({ refundPercentage: 100, refundAmount: (rest / 100).toFixed(2), refundPending: "0.00" });
      expect(atStripe(game.intentId)).toEqual([part, rest]);
      expect(sum(atStripe(game.intentId))).toBe(game.charged);
      expect(await ledger(game)).toEqual([
        ["player", "sent", rest],
        ["provider", "sent", part],
      ]);
      await expectRefundedInFull(game);
      expect(await refundsInStats()).toBe(refundsBefore + game.charged);
    });

    it("when Stripe's charge.refunded arrives for the ledger's own refunds (one sent, one whose answer was lost), then the lost one is recorded sent, nothing is counted twice, and the sweep has nothing to do", async () => {
      const refundsBefore = await refundsInStats();
      // a refund that went through: its event changes nothing
      const sent = await paidGame();
      expect(await cancel(sent)).toMatchObject({ refundPending: "0.00" });
      const onSent = await postWebhook(stripe.sign(stripe.chargeRefundedEvent(sent.intentId), WEBHOOK_SECRET));
      expect(onSent.status, onSent.text).toBe(200);
      expect(await ledger(sent)).toEqual([["player", "sent", sent.charged]]);
      await expectRefundedInFull(sent);

      // a refund whose every answer was lost: its event tells the ledger before the sweep does
      const lost = await paidGame();
      stripe.loseNextAnswer("POST /v1/refunds", { times: 6 });
      expect(await cancel(lost)).toMatchObject({ refundPending: lost.totalPaid });
      const [made] = stripe.refundsOf(lost.intentId);
      const onLost = await postWebhook(stripe.sign(stripe.chargeRefundedEvent(lost.intentId), WEBHOOK_SECRET));
      expect(onLost.status, onLost.text).toBe(200);
      expect(await refundsOf(lost)).toMatchObject([{ reason: "player", status: "sent", providerRefundId: made!.id }]);
      await expectRefundedInFull(lost);

      const keys = keysOf(lost.intentId);
      expect(keys.size).toBe(1);
      await sweep();
      expect(creationsBeyond(lost.intentId, keys)).toEqual([]);
      expect(atStripe(sent.intentId)).toEqual([sent.charged]);
      expect(atStripe(lost.intentId)).toEqual([lost.charged]);
      expect(await refundsInStats()).toBe(refundsBefore + sent.charged + lost.charged);
    });

    it("when Stripe does not answer the refunds list while its charge.refunded arrives, then the webhook fails so that Stripe delivers it again, and the redelivery records the dashboard's refund", async () => {
      const game = await paidGame();
      const part = Math.floor(game.charged / 4);
      const outside = stripe.refundOutside(game.intentId, part);
      // the list's first try and both retries
      stripe.failNext("GET /v1/refunds", { status: 500, times: 3 });

      const failed = await postWebhook(outside.signed(WEBHOOK_SECRET));

      expect(failed.status, failed.text).toBeGreaterThanOrEqual(500);
      expect(await ledger(game)).toEqual([]);
      expect(await paymentOf(game)).toMatchObject({ status: "succeeded", refundedAmount: "0.00" });

      const redelivered = await postWebhook(outside.signed(WEBHOOK_SECRET));

      expect(redelivered.status, redelivered.text).toBe(200);
      expect(await ledger(game)).toEqual([["provider", "sent", part]]);
      expect(await paymentOf(game)).toMatchObject({ refundedAmount: (part / 100).toFixed(2) });
    });

    it("when part of the charge was refunded at Stripe's dashboard without a webhook, then Stripe refuses the cancellation's refund, and the next sweep records the dashboard's refund and sends only the rest, once", async () => {
      const game = await paidGame();
      const part = Math.floor(game.charged / 3);
      const outside = stripe.refundOutside(game.intentId, part);

      // the ledger does not know of the dashboard's refund yet: it owes all of it
      const cancelled = await cancel(game);

      expect(cancelled).toMatchObject({ refundPercentage: 100, refundAmount: game.totalPaid, refundPending: game.totalPaid });
      // a refusal, not an outage: asked once
      expect(refundCreations(game.intentId)).toHaveLength(1);
      expect(atStripe(game.intentId)).toEqual([part]);
      expect(await refundsOf(game)).toMatchObject([{ reason: "player", status: "owed", amount: game.charged, lastError: expect.any(String) }]);

      await sweep();

      const rest = game.charged - part;
      expect(atStripe(game.intentId)).toEqual([part, rest]);
      expect(await ledger(game)).toEqual([
        ["player", "sent", rest],
        ["provider", "sent", part],
      ]);
      const provider = (await refundsOf(game)).find((r) => r.reason === "provider");
      expect(provider?.providerRefundId).toBe(outside.refund.id);
      await expectRefundedInFull(game);

      // nothing left to send: later passes ask Stripe nothing about it
      await expectSweepsAskNothing(game.intentId, 2);
      expect(sum(atStripe(game.intentId))).toBe(game.charged);
    });

    it("when all of the charge was refunded at Stripe's dashboard without a webhook, then the cancellation's refund is voided by the next sweep and never sent", async () => {
      const game = await paidGame();
      const outside = stripe.refundOutside(game.intentId);

      const cancelled = await cancel(game);

      expect(cancelled).toMatchObject({ refundPending: game.totalPaid });
      expect(atStripe(game.intentId)).toEqual([game.charged]);

      await sweep();

      expect(await ledger(game)).toEqual([
        ["player", "void", game.charged],
        ["provider", "sent", game.charged],
      ]);
      expect((await refundsOf(game)).find((r) => r.reason === "provider")?.providerRefundId).toBe(outside.refund.id);
      await expectRefundedInFull(game);
      await expectSweepsAskNothing(game.intentId, 2);
      expect(atStripe(game.intentId)).toEqual([game.charged]);
      // void is not late: the admin is not asked to look at it
      const admin = await adminClient(server);
      expect((await lateList(admin)).body.filter((r) => r.bookingId === game.booking.id)).toEqual([]);
    });

    it("when part of a charge the server has not recorded yet is refunded at Stripe's dashboard and its charge.refunded arrives first, then the rest is recorded or refunded, never kept unseen", async () => {
      const { client, booking, intentId, totalPaid } = await openedGame();
      const charged = cents(totalPaid);
      // the card is charged; the browser has not reported it yet
      stripe.succeed(intentId);
      const part = Math.floor(charged / 3);
      const received = await postWebhook(stripe.refundOutside(intentId, part).signed(WEBHOOK_SECRET));
      expect(received.status, received.text).toBe(200);

      // then the browser reports the payment, and a sweep runs
      const reported = await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intentId });
      await sweep();

      // what Stripe keeps of the charge is what the product counts as paid: nothing taken unseen
      const payment = (await client.get<PaymentView[]>("/api/user/payments")).body.find((p) => p.stripePaymentIntentId === intentId);
      const keptAtStripe = charged - sum(atStripe(intentId));
      const counted = payment?.paidAt ? cents(payment.totalPaid) - cents(payment.refundedAmount) - cents(payment.refundOwed) : 0;
      expect(
        { keptAtStripe, counted, refundOwed: payment?.refundOwed },
        `browser's report: ${reported.status} ${reported.text}; payment: ${JSON.stringify(payment)}`,
      ).toEqual({ keptAtStripe: counted, counted, refundOwed: "0.00" });
    });

    it("when Stripe took more than the payment's amount and part was refunded at its dashboard before the full refund went through, then the rest of what Stripe took goes back, not only the rest of the payment's amount", async () => {
      const { client, booking, intentId, totalPaid } = await openedGame();
      // a buggy or tampered flow: Stripe holds another amount than the payment's
      const taken = cents(totalPaid) + 100;
      stripe.tamper(intentId, { amount: taken });
      stripe.succeed(intentId);
      stripe.failNext("POST /v1/refunds", { status: 500, saved: true });
      const reported = await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intentId });
      expect(reported.status, reported.text).toBe(400);
      expect(reported.body).toMatchObject({ code: "PAYMENT_MISMATCH" });
      expect(atStripe(intentId)).toEqual([]);
      const part = 300;
      stripe.refundOutside(intentId, part);

      await sweep();

      // all Stripe took goes back: the dashboard's part and the rest
      const rows = (await runtime.ports.refunds.byBooking(booking.id)).map((r) => [r.reason, r.status, r.amount] as const).sort();
      expect(atStripe(intentId), `ledger: ${JSON.stringify(rows)}`).toEqual([part, taken - part]);
      expect(rows.filter(([, status]) => status === "owed")).toEqual([]);
      await expectSweepsAskNothing(intentId, 1);
    });

    it("when Stripe keeps refusing a refund past REFUND_ALERT_HOURS, then the admin's late list shows it with its reason, amount, attempts and last error; a player gets 403 and a guest 401", async () => {
      const game = await paidGame();
      const admin = await adminClient(server);
      // every refund request, under any key, answers a 500 Stripe saved
      stripe.failNext("POST /v1/refunds", { status: 500, saved: true, times: 1_000 });

      const started = Date.now();
      const cancelled = await cancel(game);
      expect(cancelled).toMatchObject({ refundPending: game.totalPaid });
      const early = await lateList(admin);
      expect(early.status, early.text).toBe(200);
      // only while the alert cannot have passed yet (the refund was decided after `started`)
      if (Date.now() - started < ALERT_MS) expect(early.body.filter((r) => r.bookingId === game.booking.id)).toEqual([]);

      // the sweep tries again (a new key once Stripe lists nothing), refused again
      await sweep();
      expect(atStripe(game.intentId)).toEqual([]);
      const late = await waitFor(
        async () => (await lateList(admin)).body.find((r) => r.bookingId === game.booking.id),
        { timeout: ALERT_MS * 3, message: () => `the refund was never listed as late; sweep: ${sweepNotes.join(" | ")}` },
      );

      const [owed] = await refundsOf(game);
      expect(late).toMatchObject({
        id: owed!.id,
        paymentId: game.paymentId,
        reason: "player",
        amount: game.totalPaid,
        attempts: 2,
        lastError: expect.stringMatching(/\S/),
      });
      expect(atStripe(game.intentId)).toEqual([]);
      const player = await game.client.get("/api/admin/refunds/late");
      expect(player.status, player.text).toBe(403);
      const guest = await new Client(server.baseUrl).get("/api/admin/refunds/late");
      expect(guest.status, guest.text).toBe(401);

      // Stripe is back: the next pass sends it, and it is late no more
      stripe.clearFaults();
      await sweep();
      expect(atStripe(game.intentId)).toEqual([game.charged]);
      await expectRefundedInFull(game);
      expect((await lateList(admin)).body.filter((r) => r.bookingId === game.booking.id)).toEqual([]);
    });
  });
