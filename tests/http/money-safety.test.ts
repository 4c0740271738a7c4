import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { PaymentGateway } from "@courts/core";
import { appDepsOf, buildApp, ConfigError, loadConfig, openRuntime, type Runtime, type SqlDatabase } from "@courts/adapters";
import { ProviderUnavailable } from "@courts/adapters/payments/gateway-errors";
import { runSweep } from "@courts/adapters/sweep/sweeper";
import { sweepSteps } from "@courts/adapters/sweep/steps";
import { startFakeStripeServer, type FakeStripeServer } from "../support/fake-stripe-server.js";
import { Client } from "./support/client.js";
import { adminClient, book, demoCourts, newPlayer, unique, type CourtShape } from "./support/fixtures.js";
import { freshDatabase, HTTP_ENGINES, listening, runtimeConfig, type TestDatabase, type TestServer } from "./support/server.js";
import { stripeModeEnv } from "./support/stripe-mode.js";

/**
 * DESIGN.md section 8, "Money is never lost and never taken twice": each way an audit found to
 * take a customer's money without the product knowing, or to lose a refund, replayed through the
 * real server on both card providers (the simulated one, and Stripe through stripe-node against
 * the local fake Stripe API with its outages, hangs and tampered intents). Every test ends with
 * the money recorded or refunded, checked at the provider.
 */

const WEBHOOK_SECRET = "whsec_money_safety";
const TTL_MS = 600; // INTENT_TTL_MINUTES=0.01

interface Intent {
  readonly clientSecret: string;
  readonly paymentIntentId: string;
  readonly totalPaid: string;
}

interface PaymentView {
  readonly id: string;
  readonly status: string;
  readonly stripePaymentIntentId: string;
  readonly refundedAmount: string;
  readonly refundOwed: string;
  readonly refundSentAt: string | null;
  readonly flag: string | null;
  readonly totalPaid: string;
}

/** What a test does at the provider's side, the same way on both providers. */
interface ProviderSide {
  /** the customer's browser confirms the card form: "charged", or "refused" when the intent was cancelled */
  charge(intent: Intent): Promise<"charged" | "refused">;
  status(intentId: string): Promise<string | undefined>;
  /** refunds the provider made on the intent, in cents */
  refunds(intentId: string): Promise<number[]>;
  /** the provider holds another amount than the payment (a bug or a tampered flow) */
  tamperAmount(intentId: string, cents: number): Promise<void>;
  /** the provider refuses the next `calls` refund calls (each call with its retries) with an outage */
  failRefunds(calls: number): void;
}

const cents = (money: string) => Math.round(Number(money) * 100);

describe("money settings", () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tmpdir(), ...env }, { persistSecret: false });

  it("when unset, then the intent TTL is 30 minutes and provider calls time out after 10 s", () => {
    expect(load({})).toMatchObject({ intentTtlMinutes: 30, paymentProviderTimeoutSeconds: 10 });
  });

  it("when given with decimals, then they are read as such", () => {
    expect(load({ INTENT_TTL_MINUTES: "0.05", PAYMENT_PROVIDER_TIMEOUT_SECONDS: "2.5" })).toMatchObject({
      intentTtlMinutes: 0.05,
      paymentProviderTimeoutSeconds: 2.5,
    });
  });

  it("when a value is not a number in range, then the start fails naming each variable", () => {
    const bad: Record<string, string>[] = [{ INTENT_TTL_MINUTES: "0" }, { INTENT_TTL_MINUTES: "media hora" }, { PAYMENT_PROVIDER_TIMEOUT_SECONDS: "-1" }];
    for (const env of bad) {
      const error = (() => {
        try {
          load(env);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(Object.keys(env)[0]);
    }
  });
});

for (const engine of HTTP_ENGINES)
  for (const mode of ["simulated", "stripe"] as const)
    describe.skipIf(!engine.available)(`money is never lost and never taken twice [${mode}, ${engine.name}]`, () => {
      let stripe: FakeStripeServer | null = null;
      let db: TestDatabase;
      let dir: string;
      let runtime: Runtime;
      let app: FastifyInstance;
      let server: TestServer;
      let courts: CourtShape[];
      let side: ProviderSide;
      let simulatedRefundFailures = 0;

      const sweep = () => runSweep(sweepSteps({ ...runtime, ports: server.ports }), { error: () => undefined });
      const sql = () => (runtime.database as SqlDatabase).sql;

      beforeAll(async () => {
        stripe = mode === "stripe" ? await startFakeStripeServer() : null;
        db = await freshDatabase(engine.name);
        dir = mkdtempSync(path.join(tmpdir(), "courts-money-"));
        const config = runtimeConfig(db.url, dir, {
          INTENT_TTL_MINUTES: String(TTL_MS / 60_000),
          PAYMENT_PROVIDER_TIMEOUT_SECONDS: "0.5",
          SWEEP_INTERVAL_SECONDS: "0",
          ...(stripe ? stripeModeEnv(stripe, "money", WEBHOOK_SECRET) : {}),
        });
        runtime = await openRuntime(config);
        // The embedded provider never fails by itself: its outages are staged around it.
        const gateway: PaymentGateway = stripe
          ? runtime.ports.gateway
          : {
              ...runtime.ports.gateway,
              refund: async (input) => {
                if (simulatedRefundFailures > 0) {
                  simulatedRefundFailures--;
                  throw new ProviderUnavailable({ operation: "refund", message: "staged outage" });
                }
                return runtime.ports.gateway.refund(input);
              },
            };
        const ports = { ...runtime.ports, gateway };
        app = await buildApp({ ...appDepsOf(runtime, process.env.I12_LOG ? { level: "error" } : false), ports });
        app.addHook("onClose", () => runtime.close());
        server = await listening(app, ports, runtime.database);
        courts = (await demoCourts(server)).courts;

        const fake = stripe;
        side = fake
          ? {
              charge: async (intent) => {
                try {
                  fake.succeed(intent.paymentIntentId);
                  return "charged";
                } catch {
                  return "refused";
                }
              },
              status: async (id) => fake.intent(id)?.status,
              refunds: async (id) => fake.refundsOf(id).map((r) => r.amount),
              tamperAmount: async (id, amount) => {
                fake.tamper(id, { amount });
              },
              // three requests per call: the first try and two retries under the same key
              failRefunds: (calls) => fake.failNext("/v1/refunds", calls * 3),
            }
          : {
              charge: async (intent) => {
                const answer = await new Client(server.baseUrl).post("/api/simulated-card/confirm", {
                  clientSecret: intent.clientSecret,
                  cardNumber: "4242 4242 4242 4242",
                  expMonth: 12,
                  expYear: 2099,
                  cvc: "123",
                });
                if (answer.status === 200) return "charged";
                expect(answer.status, answer.text).toBe(409);
                expect(answer.body).toMatchObject({ code: "PAYMENT_CANCELED" });
                return "refused";
              },
              status: async (id) => {
                const row = await sql().one("select status from simulated_intents where id = ?", [id]);
                return row ? String(row.status) : undefined;
              },
              refunds: async (id) =>
                (await sql().all("select amount from simulated_refunds where intent_id = ? order by created_at", [id])).map((r) => Number(r.amount)),
              tamperAmount: async (id, amount) => {
                await sql().run("update simulated_intents set amount = ? where id = ?", [amount, id]);
              },
              failRefunds: (calls) => {
                simulatedRefundFailures = calls;
              },
            };
      });
      afterAll(async () => {
        await app?.close();
        await stripe?.close();
        await db?.drop();
        if (dir) rmSync(dir, { recursive: true, force: true });
      });

      const openIntent = async (client: Client, body: Record<string, unknown>) => {
        // a guest paying through a link names themselves (DESIGN.md section 9)
        const answer = await client.post<Intent>("/api/create-payment-intent", body.shareToken ? { payerName: "Invitada", ...body } : body);
        expect(answer.status, answer.text).toBe(200);
        return answer.body;
      };
      const paymentsOf = async (client: Client) => (await client.get<PaymentView[]>("/api/user/payments")).body;
      const transaction = async (intentId: string) => {
        const admin = await adminClient(server);
        const list = (await admin.get<{ items: PaymentView[] }>("/api/admin/transactions?pageSize=200")).body.items;
        return list.find((p) => p.stripePaymentIntentId === intentId);
      };
      const newCode = async (maxUsage: number) => {
        const code = unique("MONEY").toUpperCase();
        const admin = await adminClient(server);
        const created = await admin.post("/api/admin/discount-codes", { code, type: "percentage", value: 10, maxUsage, expiresAt: null, isActive: true });
        expect(created.status, created.text).toBeLessThan(300);
        return {
          code,
          usage: async () => (await admin.get<{ code: string; usageCount: number }[]>("/api/admin/discount-codes")).body.find((c) => c.code === code)?.usageCount,
        };
      };
      const sharedBooking = async () => {
        const organiser = await newPlayer(server);
        const booking = await book(organiser.client, courts, { gameType: "doubles" });
        // the organiser pays their share first: the others can pay only then
        const own = await openIntent(organiser.client, { bookingId: booking.id, paymentType: "partial" });
        expect(await side.charge(own)).toBe("charged");
        const recorded = await organiser.client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId });
        expect(recorded.status, recorded.text).toBe(201);
        const link = await organiser.client.post<{ shareToken: string }>("/api/shared-payment-links", { bookingId: booking.id, maxParticipants: 4 });
        expect(link.status, link.text).toBeLessThan(300);
        return { organiser, booking, shareToken: link.body.shareToken };
      };

      it("when an intent is replaced by one with other terms, then the first is cancelled at the provider, its card form charges nothing and POST /api/payments for it answers 409", async () => {
        const { client } = await newPlayer(server);
        const booking = await book(client, courts);
        const first = await openIntent(client, { bookingId: booking.id, paymentType: "partial" });
        const { code, usage } = await newCode(5);
        const second = await openIntent(client, { bookingId: booking.id, paymentType: "partial", discountCode: code });

        expect(await side.status(first.paymentIntentId)).toBe("canceled");
        expect(await side.charge(first)).toBe("refused");
        const stale = await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: first.paymentIntentId });
        expect(stale.status, stale.text).toBe(409);

        expect(await side.charge(second)).toBe("charged");
        const recorded = await client.post<PaymentView>("/api/payments", { bookingId: booking.id, stripePaymentIntentId: second.paymentIntentId });
        expect(recorded.status).toBe(201);
        expect(recorded.body.status).toBe("succeeded");
        expect(await usage()).toBe(1);
        expect((await paymentsOf(client)).filter((p) => p.status === "succeeded").map((p) => p.stripePaymentIntentId)).toEqual([second.paymentIntentId]);
      });

      it("when the owner switches from their share to the whole at checkout, then the share's intent is cancelled and gives its discount use back; the code's one use pays the whole", async () => {
        const { client } = await newPlayer(server);
        const booking = await book(client, courts);
        const { code, usage } = await newCode(1);
        const share = await openIntent(client, { bookingId: booking.id, paymentType: "partial", discountCode: code });
        expect(await usage()).toBe(1);
        // the card is declined; the player chooses to pay it all instead, with the same code
        const whole = await openIntent(client, { bookingId: booking.id, paymentType: "full", discountCode: code });

        expect(await side.status(share.paymentIntentId)).toBe("canceled");
        expect(await side.charge(share)).toBe("refused");
        expect((await transaction(share.paymentIntentId))?.status).toBe("failed");
        expect(await side.charge(whole)).toBe("charged");
        const recorded = await client.post<PaymentView>("/api/payments", { bookingId: booking.id, stripePaymentIntentId: whole.paymentIntentId });
        expect(recorded.status, recorded.text).toBe(201);
        expect(await usage()).toBe(1);
        // and back: the whole's intent goes when the share is asked for
        const other = await book(client, courts);
        const all = await openIntent(client, { bookingId: other.id, paymentType: "full" });
        await openIntent(client, { bookingId: other.id, paymentType: "partial" });
        expect(await side.status(all.paymentIntentId)).toBe("canceled");
      });

      it("when the card of the open intent was charged before the player asked for other terms, then that payment is recorded and no second intent is opened (409)", async () => {
        const { client } = await newPlayer(server);
        const booking = await book(client, courts);
        const first = await openIntent(client, { bookingId: booking.id, paymentType: "partial" });
        expect(await side.charge(first)).toBe("charged");
        const { code, usage } = await newCode(5);
        const again = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial", discountCode: code });
        expect(again.status, again.text).toBe(409);
        expect(again.body).toMatchObject({ code: "PAYMENT_ALREADY_RECORDED" });
        expect(await usage()).toBe(0);
        const after = await client.get<{ paidAmount: string; paymentStatus: string }>(`/api/bookings/${booking.id}`);
        expect(after.body.paymentStatus).toBe("partial");
        expect(cents(after.body.paidAmount)).toBe(cents(first.totalPaid));
        expect(await side.refunds(first.paymentIntentId)).toEqual([]);
      });

      it("when a player reloads checkout after a dropped connection, then the charged intent is settled, not paid again", async () => {
        const { client } = await newPlayer(server);
        const booking = await book(client, courts);
        const first = await openIntent(client, { bookingId: booking.id, paymentType: "full" });
        expect(await side.charge(first)).toBe("charged");
        // the browser never reported it; the player opens checkout again
        const again = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" });
        expect(again.status, again.text).toBe(409);
        expect(again.body).toMatchObject({ code: "PAYMENT_ALREADY_RECORDED" });
        expect((await client.get<{ paymentStatus: string }>(`/api/bookings/${booking.id}`)).body.paymentStatus).toBe("completed");
        // paying once more is refused as fully paid, and the late report is the same payment
        expect((await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full" })).status).toBe(409);
        const late = await client.post<PaymentView>("/api/payments", { bookingId: booking.id, stripePaymentIntentId: first.paymentIntentId });
        expect(late.status).toBe(200);
        expect(late.body.status).toBe("succeeded");
        expect((await paymentsOf(client)).filter((p) => p.status === "succeeded")).toHaveLength(1);
      });

      it("when the organiser cancels while a guest's intent is open, then the guest's intent is cancelled at the provider and cannot charge", async () => {
        const { organiser, booking, shareToken } = await sharedBooking();
        const guest = new Client(server.baseUrl);
        const intent = await openIntent(guest, { bookingId: booking.id, shareToken });
        const cancelled = await organiser.client.post("/api/cancellations", { bookingId: booking.id, userId: organiser.user.id });
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(await side.status(intent.paymentIntentId)).toBe("canceled");
        expect(await side.charge(intent)).toBe("refused");
        const report = await guest.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken });
        expect(report.status, report.text).toBe(409);
        expect(await side.refunds(intent.paymentIntentId)).toEqual([]);
      });

      it("when a guest was charged just before the organiser cancelled, then the guest is refunded in full and the admin sees it refunded on arrival", async () => {
        const { organiser, booking, shareToken } = await sharedBooking();
        const guest = new Client(server.baseUrl);
        const intent = await openIntent(guest, { bookingId: booking.id, shareToken });
        expect(await side.charge(intent)).toBe("charged");
        const cancelled = await organiser.client.post("/api/cancellations", { bookingId: booking.id, userId: organiser.user.id });
        expect(cancelled.status).toBe(200);
        expect(await side.refunds(intent.paymentIntentId)).toEqual([cents(intent.totalPaid)]);
        const report = await guest.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken });
        expect(report.status, report.text).toBe(409);
        expect(report.body).toMatchObject({ code: "PAYMENT_REFUNDED" });
        const row = await transaction(intent.paymentIntentId);
        expect(row).toMatchObject({ status: "refunded", flag: "refunded_on_arrival", refundOwed: "0.00", refundedAmount: intent.totalPaid });
        expect(row?.refundSentAt).not.toBeNull();
      });

      it("when the provider fails while a booking is cancelled, then the cancellation stands, the refund is owed and shown, and the sweep sends it exactly once", async () => {
        const { client, user } = await newPlayer(server);
        const booking = await book(client, courts);
        const intent = await openIntent(client, { bookingId: booking.id, paymentType: "full" });
        expect(await side.charge(intent)).toBe("charged");
        expect((await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId })).status).toBe(201);

        side.failRefunds(1);
        const cancelled = await client.post<{ refundPercentage: number; refundAmount: string; refundPending: string }>("/api/cancellations", {
          bookingId: booking.id,
          userId: user.id,
        });
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body).toMatchObject({ refundPercentage: 100, refundAmount: intent.totalPaid, refundPending: intent.totalPaid });
        const owed = (await paymentsOf(client)).find((p) => p.stripePaymentIntentId === intent.paymentIntentId);
        expect(owed).toMatchObject({ status: "refunded", refundOwed: intent.totalPaid, refundedAmount: "0.00", refundSentAt: null });
        expect(await side.refunds(intent.paymentIntentId)).toEqual([]);
        // cancelling again is refused, and the money is still owed, not lost
        expect((await client.post("/api/cancellations", { bookingId: booking.id, userId: user.id })).status).toBe(409);

        await sweep();
        await sweep();
        expect(await side.refunds(intent.paymentIntentId)).toEqual([cents(intent.totalPaid)]);
        const sent = (await paymentsOf(client)).find((p) => p.stripePaymentIntentId === intent.paymentIntentId);
        expect(sent).toMatchObject({ refundOwed: "0.00", refundedAmount: intent.totalPaid });
        expect(sent?.refundSentAt).not.toBeNull();
      });

      it("when the provider fails while the club closes a paid booking, then the payer and the admin see the refund owed until the sweep sends it once", async () => {
        const { client } = await newPlayer(server);
        const booking = await book(client, courts);
        const intent = await openIntent(client, { bookingId: booking.id, paymentType: "full" });
        expect(await side.charge(intent)).toBe("charged");
        expect((await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId })).status).toBe(201);

        side.failRefunds(1);
        const admin = await adminClient(server);
        const closure = await admin.post<{ cancelledBookings: { refunds: { status: string }[] }[] }>("/api/admin/blocks", {
          courtId: booking.courtId,
          startDate: booking.date,
          endDate: booking.date,
          timeSlots: [booking.timeSlot],
          reason: "Mantenimiento",
          cancelConflicts: true,
        });
        expect(closure.status, closure.text).toBe(201);
        expect(closure.body.cancelledBookings.flatMap((c) => c.refunds.map((r) => r.status))).toEqual(["owed"]);
        expect(await side.refunds(intent.paymentIntentId)).toEqual([]);
        // the card shows 'Reembolso pendiente: $X', not a payment that seems kept
        const owed = (await paymentsOf(client)).find((p) => p.stripePaymentIntentId === intent.paymentIntentId);
        expect(owed).toMatchObject({ refundOwed: intent.totalPaid, refundedAmount: "0.00", refundSentAt: null });
        expect(await transaction(intent.paymentIntentId)).toMatchObject({ refundOwed: intent.totalPaid, refundedAmount: "0.00" });
        // the admin's export says the same: Estado (the tenth column) of the payment's row (its id last)
        const exported = async () => {
          const csv = await admin.get("/api/admin/transactions.csv");
          expect(csv.status).toBe(200);
          const row = csv.text.split("\r\n").find((line) => line.endsWith(`;${owed!.id}`));
          return row?.split(";")[9];
        };
        expect(await exported()).toBe("Reembolso pendiente");

        await sweep();
        await sweep();
        expect(await side.refunds(intent.paymentIntentId)).toEqual([cents(intent.totalPaid)]);
        const sent = (await paymentsOf(client)).find((p) => p.stripePaymentIntentId === intent.paymentIntentId);
        expect(sent).toMatchObject({ status: "refunded", refundOwed: "0.00", refundedAmount: intent.totalPaid });
        expect(sent?.refundSentAt).not.toBeNull();
        expect(await exported()).toBe("Reembolsado");
      });

      it("when the provider took another amount than the payment's, then the browser gets 400 PAYMENT_MISMATCH, the whole amount is refunded and the admin sees the mismatch", async () => {
        const { client } = await newPlayer(server);
        const booking = await book(client, courts);
        const intent = await openIntent(client, { bookingId: booking.id, paymentType: "full" });
        const taken = cents(intent.totalPaid) + 100;
        await side.tamperAmount(intent.paymentIntentId, taken);
        expect(await side.charge(intent)).toBe("charged");
        const report = await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId });
        expect(report.status, report.text).toBe(400);
        expect(report.body).toMatchObject({ code: "PAYMENT_MISMATCH" });
        expect(await side.refunds(intent.paymentIntentId)).toEqual([taken]);
        expect(await transaction(intent.paymentIntentId)).toMatchObject({ status: "refunded", flag: "mismatch", refundOwed: "0.00" });
        expect((await client.get<{ paidAmount: string }>(`/api/bookings/${booking.id}`)).body.paidAmount).toBe("0.00");
        // the report again is refused, and refunds nothing twice
        expect((await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId })).status).toBe(409);
        expect(await side.refunds(intent.paymentIntentId)).toEqual([taken]);
      });

      it("when guests open intents with a limited code and leave, then the sweep cancels them at the provider after the TTL and gives the uses back", async () => {
        const { booking, shareToken } = await sharedBooking();
        const { code, usage } = await newCode(3);
        const intents = [];
        for (let i = 0; i < 3; i++) intents.push(await openIntent(new Client(server.baseUrl), { bookingId: booking.id, shareToken, discountCode: code }));
        const fourth = await new Client(server.baseUrl).post("/api/create-payment-intent", { bookingId: booking.id, shareToken, discountCode: code, payerName: "Invitada" });
        expect(fourth.status).toBe(409);
        expect(await usage()).toBe(3);

        await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
        await sweep();
        for (const intent of intents) expect(await side.status(intent.paymentIntentId)).toBe("canceled");
        expect(await usage()).toBe(0);
        await openIntent(new Client(server.baseUrl), { bookingId: booking.id, shareToken, discountCode: code });
        expect(await usage()).toBe(1);
      });

      it("when a charged intent is never reported, then the sweep records it once the TTL has passed", async () => {
        const { client } = await newPlayer(server);
        const booking = await book(client, courts);
        const intent = await openIntent(client, { bookingId: booking.id, paymentType: "full" });
        expect(await side.charge(intent)).toBe("charged");
        await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
        await sweep();
        expect((await client.get<{ paymentStatus: string }>(`/api/bookings/${booking.id}`)).body.paymentStatus).toBe("completed");
        expect((await paymentsOf(client)).find((p) => p.stripePaymentIntentId === intent.paymentIntentId)?.status).toBe("succeeded");
        expect(await side.refunds(intent.paymentIntentId)).toEqual([]);
      });

      if (mode === "stripe") {
        const fake = () => stripe as FakeStripeServer;

        it("when Stripe hangs, then the intent call gives up after its timeout and 2 retries with 503 and Retry-After, and the code's use is released", async () => {
          const { client } = await newPlayer(server);
          const booking = await book(client, courts);
          const { code, usage } = await newCode(5);
          const before = fake().requests.length;
          fake().hang("/v1/payment_intents");
          const started = Date.now();
          try {
            const answer = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "full", discountCode: code });
            expect(answer.status, answer.text).toBe(503);
            expect(answer.body).toMatchObject({ code: "PAYMENT_PROVIDER_UNAVAILABLE" });
            expect(answer.headers.get("retry-after")).toBe("30");
          } finally {
            fake().resume();
          }
          expect(Date.now() - started).toBeLessThan(5_000);
          const attempts = fake().requests.slice(before).filter((r) => r.path === "/v1/payment_intents");
          expect(attempts).toHaveLength(3);
          expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
          expect(await usage()).toBe(0);
          // the provider is back: the same checkout works
          await openIntent(client, { bookingId: booking.id, paymentType: "full", discountCode: code });
        });

        it("when Stripe answers 500 to a refund once, then the retry under the same key sends it and the player sees it sent", async () => {
          const { client, user } = await newPlayer(server);
          const booking = await book(client, courts);
          const intent = await openIntent(client, { bookingId: booking.id, paymentType: "full" });
          fake().succeed(intent.paymentIntentId);
          expect((await client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId })).status).toBe(201);
          const before = fake().requests.length;
          fake().failNext("/v1/refunds", 1);
          const cancelled = await client.post("/api/cancellations", { bookingId: booking.id, userId: user.id });
          expect(cancelled.body).toMatchObject({ refundAmount: intent.totalPaid, refundPending: "0.00" });
          const attempts = fake().requests.slice(before).filter((r) => r.path === "/v1/refunds");
          expect(attempts).toHaveLength(2);
          expect(attempts[0]!.idempotencyKey).toBe(attempts[1]!.idempotencyKey);
          expect(fake().refundsOf(intent.paymentIntentId).map((r) => r.amount)).toEqual([cents(intent.totalPaid)]);
        });

        it("when the webhook brings a mismatched intent, then it is refunded in full and flagged; a redelivered event is not processed again", async () => {
          const { client } = await newPlayer(server);
          const booking = await book(client, courts);
          const intent = await openIntent(client, { bookingId: booking.id, paymentType: "full" });
          fake().tamper(intent.paymentIntentId, { metadata: { paymentId: "someone-else", bookingId: booking.id } });
          fake().succeed(intent.paymentIntentId);
          const delivery = fake().sign(fake().eventFor(intent.paymentIntentId), WEBHOOK_SECRET);
          const guest = new Client(server.baseUrl);
          const first = await guest.request("POST", "/api/stripe/webhook", delivery);
          expect(first.status, first.text).toBe(200);
          expect(fake().refundsOf(intent.paymentIntentId).map((r) => r.amount)).toEqual([cents(intent.totalPaid)]);
          expect(await transaction(intent.paymentIntentId)).toMatchObject({ status: "refunded", flag: "mismatch" });

          const before = fake().requests.length;
          const again = await guest.request("POST", "/api/stripe/webhook", delivery);
          expect(again.status).toBe(200);
          expect(fake().requests.length).toBe(before);
        });
      }
    });
