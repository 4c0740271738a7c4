import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeStripeServer } from "../support/fake-stripe-server.js";
import { Client, type RequestOptions } from "./support/client.js";
import { book, newPlayer, type CourtShape } from "./support/fixtures.js";
import { HTTP_ENGINES, type TestServer } from "./support/server.js";
import { startStripeModeServer, type StripeModeServer } from "./support/stripe-mode.js";

/**
 * Stripe mode wired by the composition root from environment variables, against a local fake
 * of the Stripe API: the config call, the CSP, no simulated card, and the signed webhook that
 * records a payment the browser never reported.
 */
const WEBHOOK_SECRET = "whsec_courts_http_test";

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`Stripe mode [${engine.name}]`, () => {
    let suite: StripeModeServer;
    let stripe: FakeStripeServer;
    let server: TestServer;
    let courts: CourtShape[];

    beforeAll(async () => {
      suite = await startStripeModeServer(engine.name, { name: "courts", webhookSecret: WEBHOOK_SECRET });
      ({ stripe, server, courts } = suite);
    });
    afterAll(() => suite?.close());

    const postWebhook = (delivery: RequestOptions) => new Client(server.baseUrl).request("POST", "/api/stripe/webhook", delivery);

    it("GET /api/config names Stripe and its publishable key; the pages' CSP allows js.stripe.com", async () => {
      const answer = await new Client(server.baseUrl).get<{ payments: unknown }>("/api/config");
      expect(answer.body.payments).toEqual({ provider: "stripe", publishableKey: "pk_test_courts" });
      expect((await new Client(server.baseUrl).get("/")).headers.get("content-security-policy")).toContain("https://js.stripe.com");
    });

    it("the simulated card endpoint does not exist in Stripe mode", async () => {
      const answer = await new Client(server.baseUrl).post("/api/simulated-card/confirm", { clientSecret: "x", cardNumber: "4242424242424242", expMonth: 1, expYear: 2099, cvc: "123" });
      expect(answer.status).toBe(404);
    });

    it("when Stripe's signed webhook says the intent succeeded, then the payment is recorded once", async () => {
      const { client } = await newPlayer(server);
      const booking = await book(client, courts);
      const intent = await client.post<{ paymentIntentId: string; totalPaid: string }>("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" });
      expect(intent.status).toBe(200);
      expect(stripe.intent(intent.body.paymentIntentId)?.amount).toBe(Math.round(Number(intent.body.totalPaid) * 100));
      stripe.succeed(intent.body.paymentIntentId);

      const delivery = stripe.sign(stripe.eventFor(intent.body.paymentIntentId), WEBHOOK_SECRET);
      const first = await postWebhook(delivery);
      expect(first.status, first.text).toBe(200);
      expect(first.body).toEqual({ received: true });
      const redelivery = await postWebhook(delivery);
      expect(redelivery.status).toBe(200);

      const payments = await client.get<{ status: string; stripePaymentIntentId: string }[]>("/api/user/payments");
      const mine = payments.body.filter((p) => p.stripePaymentIntentId === intent.body.paymentIntentId);
      expect(mine.map((p) => p.status)).toEqual(["succeeded"]);
      expect((await client.get<{ paymentStatus: string }>(`/api/bookings/${booking.id}`)).body.paymentStatus).toBe("completed");
      // the browser's own report afterwards is the same payment (200, not 201)
      const late = await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.body.paymentIntentId });
      expect(late.status).toBe(200);
    });

    it("when the signature does not verify, then 400 and nothing is recorded", async () => {
      const delivery = stripe.sign({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: { object: "payment_intent", id: "pi_x" } } }, "whsec_someone_else");
      const forged = await postWebhook(delivery);
      expect(forged.status).toBe(400);
      expect(forged.body).toMatchObject({ code: "INVALID_SIGNATURE" });
      const unsigned = await postWebhook({ body: delivery.body, headers: { "content-type": "application/json" } });
      expect(unsigned.status).toBe(400);
    });

    it("when the event is about something else, then it is acknowledged and ignored", async () => {
      const answer = await postWebhook(stripe.sign({ id: "evt_other", object: "event", type: "customer.created", data: { object: { object: "customer", id: "cus_1" } } }, WEBHOOK_SECRET));
      expect(answer.status).toBe(200);
    });
  });
}
