import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Court, PaymentGateway, Ports, User } from "@courts/core";
import {
  ADMIN, GUEST, asUser, cancelBooking, createBooking, createDiscountCode, createPaymentIntent, createShareLink,
  getShareLink, recordPayment, recordPaymentFromProvider,
} from "@courts/core";
import { simulatedGateway } from "@courts/adapters/payments/simulated-gateway";
import { stripeGateway } from "@courts/adapters/payments/stripe-gateway";
import { fixedClock, memoryPorts, memorySimulatedIntents, sequentialIds } from "../../support/memory/index.js";
import { startFakeStripeServer, type FakeStripeServer } from "../../support/fake-stripe-server.js";
import { aCourt, aUser, aVenue } from "../../support/builders.js";
import { failure, ok } from "./harness.js";

/**
 * The same money flows on both card providers: the simulated one (the embedded default) and
 * Stripe through stripe-node against a local fake of Stripe's API. Only "the customer's browser
 * pays" differs between them.
 */
interface Provider {
  readonly name: string;
  gateway(ids: ReturnType<typeof sequentialIds>, clock: ReturnType<typeof fixedClock>): PaymentGateway;
  pay(gateway: PaymentGateway, intent: { clientSecret: string; paymentIntentId: string }, card?: "ok" | "declined"): Promise<boolean>;
}

// A fresh fake Stripe per test: sequential ids repeat across tests, and so would idempotency keys.
let fake: FakeStripeServer | undefined;
beforeEach(async () => {
  await fake?.close();
  fake = await startFakeStripeServer();
});
afterAll(async () => {
  await fake?.close();
});
const stripe = (): FakeStripeServer => {
  if (!fake) throw new Error("the fake Stripe server is not running");
  return fake;
};

const providers: Provider[] = [
  {
    name: "simulated",
    gateway: (ids, clock) => simulatedGateway(memorySimulatedIntents(), ids, clock),
    pay: async (gateway, intent, card = "ok") => {
      const sim = gateway as ReturnType<typeof simulatedGateway>;
      const number = card === "ok" ? "4242424242424242" : "4000000000000002";
      return (await sim.confirm({ clientSecret: intent.clientSecret, cardNumber: number, expMonth: 12, expYear: 2030, cvc: "123", now: new Date("2026-11-21T12:00:00Z") })).ok;
    },
  },
  {
    name: "stripe (fake Stripe API)",
    gateway: () => stripeGateway(stripe().gatewayOptions()),
    pay: async (_gateway, intent, card = "ok") => {
      if (card === "declined") {
        stripe().decline(intent.paymentIntentId);
        return false;
      }
      stripe().succeed(intent.paymentIntentId);
      return true;
    },
  },
];

describe.each(providers)("payment flows on the $name provider", (provider) => {
  const setup = async () => {
    const clock = fixedClock("2026-11-21T12:00:00.000Z");
    const ids = sequentialIds();
    const gateway = provider.gateway(ids, clock);
    const ports: Ports = { ...memoryPorts({ clock, ids }), gateway };
    const venue = await ports.venues.insert(aVenue());
    const court = (await ports.courts.insert(aCourt(venue.id, { courtNumber: 1 }))) as Court;
    const ana = (await ports.users.insert(aUser({ username: "ana", email: "ana@example.com" }))) as User;
    const asAna = asUser(ana.id);
    const book = (bookingDate = "2026-11-23", timeSlot = "18:00") =>
      ok(createBooking(ports, asAna, { courtId: court.id, bookingDate, timeSlot, gameType: "doubles" }));
    const pay = (intent: { clientSecret: string; paymentIntentId: string }, card?: "ok" | "declined") => provider.pay(gateway, intent, card);
    return { ports, clock, asAna, book, pay };
  };

  it("when the owner pays in full, then the booking is completed and the charge is 33.00", async () => {
    const s = await setup();
    const booking = await s.book();
    const intent = await ok(createPaymentIntent(s.ports, s.asAna, { bookingId: booking.id, paymentType: "full" }));
    expect((await s.ports.gateway.retrieveIntent(intent.paymentIntentId))?.amount).toBe(3300);
    await s.pay(intent);
    await ok(recordPayment(s.ports, s.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    expect((await s.ports.bookings.findById(booking.id))?.paidAmount).toBe(3300);
  });

  it("when a card is declined, then nothing is recorded and a retry with a good card is", async () => {
    const s = await setup();
    const booking = await s.book();
    const intent = await ok(createPaymentIntent(s.ports, s.asAna, { bookingId: booking.id, paymentType: "partial" }));
    expect(await s.pay(intent, "declined")).toBe(false);
    expect((await failure(recordPayment(s.ports, s.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId })))._tag).toBe("PaymentNotConfirmed");
    const retry = await ok(createPaymentIntent(s.ports, s.asAna, { bookingId: booking.id, paymentType: "partial" }));
    expect(retry.paymentIntentId).toBe(intent.paymentIntentId);
    await s.pay(retry);
    await ok(recordPayment(s.ports, s.asAna, { bookingId: booking.id, stripePaymentIntentId: retry.paymentIntentId }));
    expect((await s.ports.bookings.findById(booking.id))?.paidAmount).toBe(825);
  });

  it("when a discount applies, then the provider charges the discounted amount", async () => {
    const s = await setup();
    const booking = await s.book();
    await ok(createDiscountCode(s.ports, ADMIN, { code: "MENOS5", type: "fixed", value: 5 }));
    const intent = await ok(createPaymentIntent(s.ports, s.asAna, { bookingId: booking.id, paymentType: "full", discountCode: "menos5" }));
    expect((await s.ports.gateway.retrieveIntent(intent.paymentIntentId))?.amount).toBe(2800);
    await s.pay(intent);
    const { payment } = await ok(recordPayment(s.ports, s.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    expect(payment).toMatchObject({ amount: 3300, discount: 500, stripeFee: 111, netAmount: 2689 });
  });

  it("when the webhook delivers the same success 3 times after the browser recorded it, then state changes once", async () => {
    const s = await setup();
    const booking = await s.book();
    const intent = await ok(createPaymentIntent(s.ports, s.asAna, { bookingId: booking.id, paymentType: "partial" }));
    await s.pay(intent);
    await ok(recordPayment(s.ports, s.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    for (let i = 0; i < 3; i++) expect((await ok(recordPaymentFromProvider(s.ports, intent.paymentIntentId))).alreadyRecorded).toBe(true);
    expect((await s.ports.bookings.findById(booking.id))?.paidAmount).toBe(825);
    expect((await s.ports.payments.listByBooking(booking.id)).filter((p) => p.status === "succeeded")).toHaveLength(1);
  });

  it("when 20 guests pay concurrently on a 4-person link (intents opened by a server that did not count places), then exactly 3 shares are applied beside the organiser's and the rest refunded", async () => {
    const s = await setup();
    const booking = await s.book();
    // the organiser pays first: the others can pay only then
    const own = await ok(createPaymentIntent(s.ports, s.asAna, { bookingId: booking.id, paymentType: "partial" }));
    await s.pay(own);
    await ok(recordPayment(s.ports, s.asAna, { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId }));
    const { link } = await ok(createShareLink(s.ports, s.asAna, { bookingId: booking.id, maxParticipants: 4 }));
    // today a link's places cap its open intents (share-link-places.test.ts); money taken past them is still refunded
    const uncounted = { ...s.ports, payments: { ...s.ports.payments, insertSharePending: s.ports.payments.insertPending } };
    const intents = await Promise.all(
      Array.from({ length: 20 }, () => ok(createPaymentIntent(uncounted, GUEST, { bookingId: booking.id, shareToken: link.token }))),
    );
    await Promise.all(intents.map((i) => s.pay(i)));
    const outcomes = await Promise.allSettled(
      intents.map((i) => ok(recordPayment(s.ports, GUEST, { bookingId: booking.id, stripePaymentIntentId: i.paymentIntentId, shareToken: link.token }))),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    const payments = await s.ports.payments.listByBooking(booking.id);
    expect(payments.filter((p) => p.status === "succeeded")).toHaveLength(4);
    expect(payments.filter((p) => p.status === "refunded" && p.refundedAmount === p.amount - p.discount)).toHaveLength(17);
    expect((await s.ports.bookings.findById(booking.id))?.paidAmount).toBe(3300);
    expect((await ok(getShareLink(s.ports, link.token))).link.currentParticipants).toBe(4);
  });

  it.each([
    ["2026-11-23", "18:00", 100, 3300],
    ["2026-11-22", "07:00", 50, 1450],
    ["2026-11-21", "18:00", 0, 0],
  ])("when a paid booking on %s %s is cancelled at 07:00 on the 21st, then %i%% (%s cents) is refunded", async (date, slot, pct, cents) => {
    const s = await setup();
    const booking = await s.book(date, slot);
    const intent = await ok(createPaymentIntent(s.ports, s.asAna, { bookingId: booking.id, paymentType: "full" }));
    await s.pay(intent);
    await ok(recordPayment(s.ports, s.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    const answer = await ok(cancelBooking(s.ports, s.asAna, { bookingId: booking.id }));
    expect(answer).toMatchObject({ refundPercentage: pct, refundAmount: cents });
    expect((await s.ports.payments.findByIntent(intent.paymentIntentId))?.refundedAmount).toBe(cents);
  });
});
