import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import {
  ADMIN, GUEST, GUEST_CODE_INTENT_MINUTES, createBooking, createDiscountCode, createPaymentIntent, createShareLink, reconcileStaleIntents,
  recordPayment, settleOrCancelIntent,
} from "@courts/core";
import { club, failure, ok } from "./harness.js";

/**
 * DESIGN.md section 12, "Guest intents on a share link": a link's open share intents never hold
 * more places than are left, and a share intent with a discount code gives its use back after
 * GUEST_CODE_INTENT_MINUTES, so guests cannot exhaust a code by opening intents.
 */

const MINUTE = 60_000;
const TTL_MS = 30 * MINUTE; // INTENT_TTL_MINUTES' default
const PLACES_MESSAGE = "Todos los lugares de este link tienen un pago en curso. Intenta de nuevo en unos minutos.";

/** Night doubles on `court`, its organiser's share paid, and its link: three places left. */
const sharedDoubles = async (c: Awaited<ReturnType<typeof club>>, court = c.court) => {
  const booking = await ok(createBooking(c.ports, c.asAna, { courtId: court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" }));
  const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial" }));
  await c.pay(own.clientSecret);
  await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId }));
  const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: booking.id, maxParticipants: 4 }));
  expect(link).toMatchObject({ currentParticipants: 1, maxParticipants: 4 });
  const guest = (discountCode?: string) =>
    createPaymentIntent(c.ports, GUEST, { bookingId: booking.id, shareToken: link.token, ...(discountCode ? { discountCode } : {}) });
  return { booking, link, guest };
};

const sweep = (c: Awaited<ReturnType<typeof club>>) => ok(reconcileStaleIntents(c.ports, { ttlMs: TTL_MS }));

describe("share intents take the places left", () => {
  it("when three places are left, then three guests open intents and a fourth answers ShareLinkPlacesPending, its intent cancelled at the provider", async () => {
    const c = await club();
    const { booking, link, guest } = await sharedDoubles(c);
    for (let i = 0; i < 3; i++) await ok(guest());
    const opened: string[] = [];
    const cancelled: string[] = [];
    const watched = {
      ...c.ports,
      gateway: {
        ...c.gateway,
        createIntent: async (input: Parameters<typeof c.gateway.createIntent>[0]) => {
          const intent = await c.gateway.createIntent(input);
          opened.push(intent.id);
          return intent;
        },
        cancelIntent: (id: string) => (cancelled.push(id), c.gateway.cancelIntent(id)),
      },
    };
    const refused = await failure(createPaymentIntent(watched, GUEST, { bookingId: booking.id, shareToken: link.token }));
    expect(refused).toMatchObject({ _tag: "ShareLinkPlacesPending", message: PLACES_MESSAGE });
    // the card form of the refused one can never be charged, and no payment holds it
    expect(cancelled).toEqual(opened);
    expect((await c.gateway.retrieveIntent(opened[0]!))?.status).toBe("canceled");
    const pending = (await c.ports.payments.listByBooking(booking.id)).filter((p) => p.kind === "shared" && p.status === "pending");
    expect(pending).toHaveLength(3);
    expect(await c.ports.payments.findByIntent(opened[0]!)).toBeUndefined();
  });

  it("when one of the open intents is abandoned, then its place is free for another guest", async () => {
    const c = await club();
    const { guest } = await sharedDoubles(c);
    const first = await ok(guest());
    await ok(guest());
    await ok(guest());
    expect((await failure(guest()))._tag).toBe("ShareLinkPlacesPending");
    expect(await ok(settleOrCancelIntent(c.ports, first.payment))).toBe("cancelled");
    await ok(guest());
    expect((await failure(guest()))._tag).toBe("ShareLinkPlacesPending");
  });

  it("when guests pay, then a paid share holds its place as a pending one did: paid plus pending never exceed the places", async () => {
    const c = await club();
    const { booking, link, guest } = await sharedDoubles(c);
    for (let i = 0; i < 2; i++) {
      const intent = await ok(guest());
      await c.pay(intent.clientSecret);
      await ok(recordPayment(c.ports, GUEST, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.token }));
    }
    // organiser + 2 paid: one place left
    await ok(guest());
    expect((await failure(guest()))._tag).toBe("ShareLinkPlacesPending");
    expect((await c.ports.shareLinks.findByToken(link.token))?.currentParticipants).toBe(3);
  });

  it("when a signed-in friend opens the link again while every place is in payment, then they get their own open intent back", async () => {
    const c = await club();
    const { booking, link, guest } = await sharedDoubles(c);
    const friend = () => createPaymentIntent(c.ports, c.asBeto, { bookingId: booking.id, shareToken: link.token });
    const first = await ok(friend());
    await ok(guest());
    await ok(guest());
    const again = await ok(friend());
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    expect((await failure(guest()))._tag).toBe("ShareLinkPlacesPending");
  });

  it("when forty guests open intents without a code on one link, then three are written", async () => {
    const c = await club();
    const { booking, guest } = await sharedDoubles(c);
    const answers = await Promise.all(Array.from({ length: 40 }, () => Effect.runPromise(Effect.either(guest()))));
    expect(answers.filter((a) => a._tag === "Right")).toHaveLength(3);
    expect(new Set(answers.flatMap((a) => (a._tag === "Left" ? [a.left._tag] : [])))).toEqual(new Set(["ShareLinkPlacesPending"]));
    const pending = (await c.ports.payments.listByBooking(booking.id)).filter((p) => p.kind === "shared" && p.status === "pending");
    expect(pending).toHaveLength(3);
  });
});

describe("a share intent with a discount code", () => {
  it(`when five guests hold a 5-use code's uses, then after ${GUEST_CODE_INTENT_MINUTES} minutes the sweep cancels their intents and the code is usable again; nothing is charged`, async () => {
    expect(GUEST_CODE_INTENT_MINUTES).toBe(10);
    const c = await club();
    await ok(createDiscountCode(c.ports, ADMIN, { code: "CINCO", type: "percentage", value: 10, maxUsage: 5 }));
    const one = await sharedDoubles(c);
    const two = await sharedDoubles(c, c.court2);
    const held = [await ok(one.guest("cinco")), await ok(one.guest("cinco")), await ok(one.guest("cinco")), await ok(two.guest("cinco")), await ok(two.guest("cinco"))];
    expect((await c.ports.discountCodes.findByCode("CINCO"))?.usageCount).toBe(5);
    // the code is exhausted: the last place of the second link is open, but not with the code
    expect(await failure(two.guest("cinco"))).toMatchObject({ _tag: "DiscountUnusable", reason: "used-up" });
    const plain = await ok(two.guest());

    c.clock.advance(GUEST_CODE_INTENT_MINUTES * MINUTE - 1000);
    expect(await sweep(c)).toBe(0);
    expect((await c.ports.discountCodes.findByCode("CINCO"))?.usageCount).toBe(5);

    c.clock.advance(2000);
    expect(await sweep(c)).toBe(5);
    for (const intent of held) {
      expect((await c.gateway.retrieveIntent(intent.paymentIntentId))?.status).toBe("canceled");
      expect(await c.ports.payments.findByIntent(intent.paymentIntentId)).toMatchObject({ status: "failed", paidAt: null });
      // the card form left open can no longer be charged
      expect((await c.pay(intent.clientSecret)).ok).toBe(false);
    }
    expect((await c.ports.discountCodes.findByCode("CINCO"))?.usageCount).toBe(0);
    // the intent without a code keeps its place until the intent TTL
    expect(await c.ports.payments.findByIntent(plain.paymentIntentId)).toMatchObject({ status: "pending" });
    expect((await c.ports.bookings.findById(one.booking.id))?.paidAmount).toBe(825);
    expect((await c.ports.bookings.findById(two.booking.id))?.paidAmount).toBe(825);

    const again = await ok(one.guest("cinco"));
    expect(again.payment).toMatchObject({ discountCode: "CINCO", status: "pending" });
    expect((await c.ports.discountCodes.findByCode("CINCO"))?.usageCount).toBe(1);

    // past the TTL: the code-less one goes too (and the new one with the code, 20 minutes old)
    c.clock.advance(TTL_MS - GUEST_CODE_INTENT_MINUTES * MINUTE);
    expect(await sweep(c)).toBe(2);
    expect(await c.ports.payments.findByIntent(plain.paymentIntentId)).toMatchObject({ status: "failed" });
    expect(await c.ports.payments.findByIntent(again.paymentIntentId)).toMatchObject({ status: "failed" });
    expect((await c.ports.discountCodes.findByCode("CINCO"))?.usageCount).toBe(0);
  });

  it("when the organiser opens their own intent with a code, then it waits for the TTL: the shorter limit is a share intent's", async () => {
    const c = await club();
    await ok(createDiscountCode(c.ports, ADMIN, { code: "DOS", type: "percentage", value: 10, maxUsage: 2 }));
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" }));
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial", discountCode: "dos" }));
    c.clock.advance(GUEST_CODE_INTENT_MINUTES * MINUTE + 1000);
    expect(await sweep(c)).toBe(0);
    expect(await c.ports.payments.findByIntent(own.paymentIntentId)).toMatchObject({ status: "pending" });
  });
});
