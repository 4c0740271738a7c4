import { Effect, Either } from "effect";
import { describe, expect, it } from "vitest";
import {
  ADMIN, GUEST, cancelBooking, createBooking, createDiscountCode, createPaymentIntent, createShareLink, dailyStats, getShareLink,
  pageTransactions, listUserPayments, paymentStats, recordPayment, recordPaymentFromProvider, renderInvoice,
  revenueOn, updateDiscountCode, validateDiscountCode, HOUR_MS,
} from "@courts/core";
import { club, failure, ok } from "./harness.js";
import { refundPayment } from "../../support/refund-payment.js";

const nightDoubles = async () => {
  const c = await club();
  const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" }));
  return { ...c, booking };
};

/** The organiser pays their share: the others can pay theirs only then (their hold is the organiser's). */
const organiserPays = async (c: Awaited<ReturnType<typeof nightDoubles>>) => {
  const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "partial" }));
  await c.pay(own.clientSecret);
  await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: own.paymentIntentId }));
};

/**
 * After the organiser paid: Beto opens two share intents at the same instant (a double tap, neither
 * request finding the other's) and the card pays both.
 */
const bothSharesPaid = async (c: Awaited<ReturnType<typeof nightDoubles>>) => {
  await organiserPays(c);
  const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
  const open = () => ok(createPaymentIntent(c.ports, c.asBeto, { bookingId: c.booking.id, shareToken: link.token }));
  const [first, second] = await Promise.all([open(), open()]);
  await c.pay(first.clientSecret);
  await c.pay(second.clientSecret);
  return { link, first, second };
};

describe("paying a booking", () => {
  it("when the owner pays their share of night doubles, then 8.25 is charged and the booking is partial", async () => {
    const c = await nightDoubles();
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "partial" }));
    expect(intent.payment).toMatchObject({ amount: 825, discount: 0, stripeFee: 54, netAmount: 771, status: "pending" });
    await c.pay(intent.clientSecret);
    const { payment } = await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    expect(payment).toMatchObject({ status: "succeeded", invoiceNumber: expect.stringMatching(/^2026-\d{6}$/) });
    expect((await c.ports.bookings.findById(c.booking.id))?.paidAmount).toBe(825);
  });

  it("when the owner asks twice before paying, then the same intent comes back", async () => {
    const c = await nightDoubles();
    const a = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    const b = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
  });

  it("when the intent is not paid yet, then recording is refused and nothing changes", async () => {
    const c = await nightDoubles();
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    expect((await failure(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId })))._tag).toBe("PaymentNotConfirmed");
    expect((await c.pay(intent.clientSecret, "4000 0000 0000 0002")).ok).toBe(false);
    expect((await failure(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId })))._tag).toBe("PaymentNotConfirmed");
    expect((await c.ports.bookings.findById(c.booking.id))?.paidAmount).toBe(0);
  });

  it("when an intent id is forged or belongs to another booking, then it is refused", async () => {
    const c = await nightDoubles();
    expect((await failure(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: "pi_forged" })))._tag).toBe("PaymentNotFound");
    const other = await ok(createBooking(c.ports, c.asAna, { courtId: c.court2.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "singles" }));
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: other.id, paymentType: "full" }));
    await c.pay(intent.clientSecret);
    expect((await failure(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId })))._tag).toBe("PaymentNotFound");
  });

  it("when the provider's intent amount differs from ours, then PaymentMismatch", async () => {
    const c = await nightDoubles();
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    await c.pay(intent.clientSecret);
    const lying = { ...c.ports, gateway: { ...c.gateway, retrieveIntent: async (id: string) => ({ ...(await c.gateway.retrieveIntent(id))!, amount: 1 }) } };
    expect((await failure(recordPayment(lying, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId })))._tag).toBe("PaymentMismatch");
  });

  it("when the same intent is recorded by the browser and the webhook, then paidAmount counts it once", async () => {
    const c = await nightDoubles();
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    await c.pay(intent.clientSecret);
    const first = await ok(recordPaymentFromProvider(c.ports, intent.paymentIntentId));
    const again = await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    expect(first.alreadyRecorded).toBe(false);
    expect(again.alreadyRecorded).toBe(true);
    expect((await c.ports.bookings.findById(c.booking.id))?.paidAmount).toBe(3300);
    expect((await failure(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" })))._tag).toBe("BookingFullyPaid");
  });

  it("when another player tries to pay or record the owner's intent, then NotAllowed", async () => {
    const c = await nightDoubles();
    expect((await failure(createPaymentIntent(c.ports, c.asBeto, { bookingId: c.booking.id, paymentType: "full" })))._tag).toBe("NotAllowed");
    expect((await failure(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, paymentType: "full" })))._tag).toBe("NotAuthenticated");
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    expect((await failure(recordPayment(c.ports, c.asBeto, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId })))._tag).toBe("NotAllowed");
  });
});

describe("shared payments", () => {
  it("when the organiser pays a share and three guests pay theirs by link, then the booking is complete and the link full", async () => {
    const c = await nightDoubles();
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "partial" }));
    await c.pay(own.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: own.paymentIntentId }));
    expect((await failure(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 2 })))._tag).toBe("InvalidInput");
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    expect(link).toMatchObject({ currentParticipants: 1, maxParticipants: 4, amountPerPerson: 825 });
    // the split deadline (2 h before the 18:00 start) comes before 48 h
    expect(link.expiresAt.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    for (let i = 0; i < 3; i++) {
      const intent = await ok(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, shareToken: link.token }));
      expect(intent.payerId).toMatch(/^shared-/);
      await c.pay(intent.clientSecret);
      await ok(recordPayment(c.ports, GUEST, { bookingId: c.booking.id, userId: intent.payerId, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.token }));
    }
    const seen = await ok(getShareLink(c.ports, link.token));
    expect(seen.link.currentParticipants).toBe(4);
    expect(seen.booking.paidAmount).toBe(3300);
    expect((await failure(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, shareToken: link.token })))._tag).toBe("ShareLinkFull");
  });

  it("when a guest opens a share intent, then the booking is read once and a cancelled booking still says so", async () => {
    const c = await nightDoubles();
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "partial" }));
    await c.pay(own.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: own.paymentIntentId }));
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    let reads = 0;
    const counting = { ...c.ports, bookings: { ...c.ports.bookings, findById: (id: string) => (reads++, c.ports.bookings.findById(id)) } };
    await ok(createPaymentIntent(counting, GUEST, { bookingId: c.booking.id, shareToken: link.token }));
    expect(reads).toBe(1);
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id }));
    reads = 0;
    const refused = await failure(createPaymentIntent(counting, GUEST, { bookingId: c.booking.id, shareToken: link.token }));
    expect(refused).toMatchObject({ _tag: "BookingNotActive", message: "La reserva fue cancelada" });
    expect(reads).toBe(1);
  });

  it("when more guests pay than places are left (the fourth intent opened by a server that did not count places), then the extra payment is refunded in full and ShareLinkFull", async () => {
    const c = await nightDoubles();
    await organiserPays(c);
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    const uncounted = { ...c.ports, payments: { ...c.ports.payments, insertSharePending: c.ports.payments.insertPending } };
    const intents = [];
    // three places left, four guests
    for (let i = 0; i < 4; i++) intents.push(await ok(createPaymentIntent(i < 3 ? c.ports : uncounted, GUEST, { bookingId: c.booking.id, shareToken: link.token })));
    for (const intent of intents) await c.pay(intent.clientSecret);
    const results = [];
    for (const intent of intents)
      results.push(await ok(recordPayment(c.ports, GUEST, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.token }).pipe((e) => e)).catch(() => "failed"));
    const last = intents[3]!;
    expect((await c.ports.payments.findByIntent(last.paymentIntentId))?.status).toBe("refunded");
    expect((await c.ports.bookings.findById(c.booking.id))?.paidAmount).toBe(3300);
    expect(results.filter((r) => r === "failed")).toHaveLength(1);
  });

  it("when a friend opened two share intents at the same instant and paid both, then the second is refunded in full and they hold one place", async () => {
    const c = await nightDoubles();
    const { link, first, second } = await bothSharesPaid(c);
    expect(first.paymentIntentId).not.toBe(second.paymentIntentId);
    const record = (intent: typeof first) => recordPayment(c.ports, c.asBeto, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.token });
    await ok(record(first));
    const refused = await failure(record(second));
    expect(refused._tag).toBe("PaymentAlreadyRecorded");
    expect(refused.message).toBe("Ya habías pagado tu parte de esta reserva: este segundo pago fue reembolsado. Tu recibo está en Historial de Pagos.");
    expect(await c.ports.payments.findByIntent(second.paymentIntentId)).toMatchObject({ status: "refunded", flag: "refunded_on_arrival", refundedAmount: 825 });
    // the organiser's share and the friend's one
    expect((await c.ports.bookings.findById(c.booking.id))?.paidAmount).toBe(2 * 825);
    expect((await c.ports.shareLinks.findByToken(link.token))?.currentParticipants).toBe(2);
  });

  it("when the browser's call finds the share can no longer apply but the webhook records it a moment later (the other share was refunded), then it is kept, never refunded too", async () => {
    const c = await nightDoubles();
    const { link, first, second } = await bothSharesPaid(c);
    const { payment: kept } = await ok(recordPayment(c.ports, c.asBeto, { bookingId: c.booking.id, stripePaymentIntentId: first.paymentIntentId, shareToken: link.token }));
    // between the browser's failed try and its refund: the first share is refunded, and the
    // webhook records the second, which now applies
    const racing = {
      ...c.ports,
      payments: {
        ...c.ports.payments,
        markSucceeded: async (input: Parameters<typeof c.ports.payments.markSucceeded>[0]) => {
          const outcome = await c.ports.payments.markSucceeded(input);
          if (outcome.kind === "share-already-paid") {
            await refundPayment(c.ports, kept.id, kept.amount);
            expect(await c.ports.payments.markSucceeded(input)).toMatchObject({ kind: "recorded" });
          }
          return outcome;
        },
      },
    };
    const answer = await ok(recordPayment(racing, c.asBeto, { bookingId: c.booking.id, stripePaymentIntentId: second.paymentIntentId, shareToken: link.token }));
    expect(answer.payment).toMatchObject({ stripePaymentIntentId: second.paymentIntentId, status: "succeeded" });
    expect(await c.ports.payments.findByIntent(second.paymentIntentId)).toMatchObject({ status: "succeeded", refundOwed: 0, refundedAmount: 0, flag: null });
  });

  it("when the link expired, then getShareLink and paying answer ShareLinkExpired", async () => {
    const c = await nightDoubles();
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    c.clock.advance(36 * HOUR_MS);
    expect((await failure(getShareLink(c.ports, link.token)))._tag).toBe("ShareLinkExpired");
    expect((await failure(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, shareToken: link.token })))._tag).toBe("ShareLinkExpired");
    expect((await failure(getShareLink(c.ports, "unknown")))._tag).toBe("ShareLinkNotFound");
  });

  it("when the booking is cancelled, then its live link says the booking was cancelled, not to ask for a new link", async () => {
    const c = await nightDoubles();
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id, userId: c.ana.id }));
    const gone = await failure(getShareLink(c.ports, link.token));
    expect(gone).toMatchObject({ _tag: "ShareLinkExpired", message: "La reserva fue cancelada: este link ya no acepta pagos" });
  });
});

describe("discount codes in payments", () => {
  it("when a 10% code is applied to a 16.50 payment, then 1.65 off, fee on 14.85, and one use counted", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "singles" }));
    const code = await ok(createDiscountCode(c.ports, ADMIN, { code: "verano10", type: "percentage", value: 10, maxUsage: 1 }));
    expect(code.code).toBe("VERANO10");
    expect(await ok(validateDiscountCode(c.ports, { code: "Verano10" }))).toMatchObject({ type: "percentage", value: 10 });
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "full", discountCode: "verano10" }));
    expect(intent.payment).toMatchObject({ amount: 1650, discount: 165, discountCode: "VERANO10", stripeFee: 73, netAmount: 1412 });
    expect((await c.gateway.retrieveIntent(intent.paymentIntentId))?.amount).toBe(1485);
    expect((await failure(validateDiscountCode(c.ports, { code: "VERANO10" })))).toMatchObject({ reason: "used-up" });
    await c.pay(intent.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    expect((await c.ports.bookings.findById(booking.id))?.paidAmount).toBe(1650);
  });

  it("when two players check out at once with a code's last use, then one intent gets it and the other is cancelled with 'used-up'", async () => {
    const c = await club();
    const mine = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "singles" }));
    const theirs = await ok(createBooking(c.ports, c.asBeto, { courtId: c.court.id, bookingDate: "2026-11-22", timeSlot: "19:00", gameType: "singles" }));
    const code = await ok(createDiscountCode(c.ports, ADMIN, { code: "ULTIMO", type: "percentage", value: 10, maxUsage: 1 }));
    // the provider's side is watched: which intents were opened, which let go
    const opened: string[] = [];
    const gateway = {
      ...c.gateway,
      createIntent: async (input: Parameters<typeof c.gateway.createIntent>[0]) => {
        const intent = await c.gateway.createIntent(input);
        opened.push(intent.id);
        return intent;
      },
    };
    const ports = { ...c.ports, gateway };
    // both pass the code's check before either writes its payment
    const outcomes = await Promise.all(
      [
        createPaymentIntent(ports, c.asAna, { bookingId: mine.id, paymentType: "full", discountCode: "ultimo" }),
        createPaymentIntent(ports, c.asBeto, { bookingId: theirs.id, paymentType: "full", discountCode: "ultimo" }),
      ].map((effect) => Effect.runPromise(Effect.either(effect))),
    );
    const won = outcomes.filter(Either.isRight).map((o) => o.right);
    const lost = outcomes.filter(Either.isLeft).map((o) => o.left);
    expect(won).toHaveLength(1);
    expect(lost).toMatchObject([{ reason: "used-up", message: "El código ya alcanzó su límite de usos" }]);
    expect((await c.ports.discountCodes.findById(code.id))?.usageCount).toBe(1);
    // the loser's intent was opened at the provider, and let go: it can never be charged
    expect(opened).toHaveLength(2);
    const statuses = await Promise.all(opened.map(async (id) => [id, (await c.gateway.retrieveIntent(id))?.status] as const));
    expect(statuses.filter(([, status]) => status === "canceled").map(([id]) => id)).toEqual(opened.filter((id) => id !== won[0]!.paymentIntentId));
    expect(statuses.find(([id]) => id === won[0]!.paymentIntentId)?.[1]).toBe("requires_payment_method");
  });

  it("when a code is unknown, inactive, expired or badly formed, then it says why", async () => {
    const c = await club();
    expect(await failure(validateDiscountCode(c.ports, { code: "NADA" }))).toMatchObject({ reason: "unknown" });
    const code = await ok(createDiscountCode(c.ports, ADMIN, { code: "OFF", type: "fixed", value: 5.5, isActive: false }));
    expect(code.value).toBe(550);
    expect(await failure(validateDiscountCode(c.ports, { code: "OFF" }))).toMatchObject({ reason: "inactive" });
    // a date already past is refused, at creation and as a change; a code can still run out while it exists
    expect(await failure(updateDiscountCode(c.ports, ADMIN, code.id, { isActive: true, expiresAt: new Date("2026-11-20T00:00:00Z") }))).toMatchObject({ field: "expiresAt" });
    expect(await failure(createDiscountCode(c.ports, ADMIN, { code: "AYER", type: "fixed", value: 1, expiresAt: new Date("2026-11-20T00:00:00Z") }))).toMatchObject({
      field: "expiresAt",
      message: "La fecha de vencimiento ya pasó: elige una fecha futura",
    });
    // the end of a day, as `courts discount create --expires` sets it
    await ok(updateDiscountCode(c.ports, ADMIN, code.id, { isActive: true, expiresAt: new Date("2026-11-22T23:59:59.999Z") }));
    c.clock.set(new Date("2026-11-23T00:00:00Z"));
    expect(await failure(validateDiscountCode(c.ports, { code: "OFF" }))).toMatchObject({ reason: "expired" });
    // the edit form sends the passed date back unchanged, to the minute: the other changes go through
    const edited = await ok(updateDiscountCode(c.ports, ADMIN, code.id, { type: "fixed", value: 6, expiresAt: new Date("2026-11-22T23:59:00.000Z") }));
    expect([edited.value, edited.expiresAt?.toISOString()]).toEqual([600, "2026-11-22T23:59:59.999Z"]);
    expect((await failure(createDiscountCode(c.ports, ADMIN, { code: "OFF", type: "fixed", value: 1 })))._tag).toBe("DuplicateDiscountCode");
    expect(await failure(createDiscountCode(c.ports, ADMIN, { code: "X", type: "fixed", value: 1 }))).toMatchObject({ field: "code" });
    expect(await failure(createDiscountCode(c.ports, ADMIN, { code: "PCT", type: "percentage", value: 10.5 }))).toMatchObject({ field: "value" });
    expect(await failure(createDiscountCode(c.ports, ADMIN, { code: "PCT", type: "percentage", value: 101 }))).toMatchObject({ field: "value" });
    expect((await failure(createDiscountCode(c.ports, c.asAna, { code: "MIA", type: "fixed", value: 1 })))._tag).toBe("NotAllowed");
  });
});

describe("discount limits", () => {
  it("when a code was used twice, then its limit cannot go under 2", async () => {
    const c = await club();
    const code = await ok(createDiscountCode(c.ports, ADMIN, { code: "DOS", type: "fixed", value: 1, maxUsage: 5 }));
    for (const [who, slot] of [[c.asAna, "18:00"], [c.asBeto, "19:00"]] as const) {
      const booking = await ok(createBooking(c.ports, who, { courtId: c.court.id, bookingDate: "2026-11-23", timeSlot: slot, gameType: "singles" }));
      await ok(createPaymentIntent(c.ports, who, { bookingId: booking.id, paymentType: "full", discountCode: "DOS" }));
    }
    expect(await failure(updateDiscountCode(c.ports, ADMIN, code.id, { maxUsage: 1 }))).toMatchObject({
      field: "maxUsage",
      message: "El código ya se usó 2 veces: el máximo de usos no puede ser menor",
    });
    expect((await ok(updateDiscountCode(c.ports, ADMIN, code.id, { maxUsage: 2 }))).maxUsage).toBe(2);
  });
});

describe("reports and invoices", () => {
  it("when payments succeed today, then revenue, stats, transactions and the invoice agree", async () => {
    const c = await nightDoubles();
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    await c.pay(intent.clientSecret);
    const { payment } = await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    expect(await ok(revenueOn(c.ports, ADMIN))).toBe(3300);
    expect(await ok(paymentStats(c.ports, ADMIN))).toMatchObject({ gross: 3300, total: 3300, stripeFees: 126, refunds: 0, net: 3174, succeededCount: 1 });
    const { items: [tx], total } = await ok(pageTransactions(c.ports, ADMIN, {}));
    expect(total).toBe(1);
    expect(tx).toMatchObject({ userName: "ana", userEmail: "ana@example.com", venueName: "Club Samborondón", courtNumber: 1 });
    const mine = await ok(listUserPayments(c.ports, c.asAna));
    expect(mine[0]?.booking?.id).toBe(c.booking.id);
    expect((await failure(listUserPayments(c.ports, c.asBeto, c.ana.id)))._tag).toBe("NotAllowed");
    const stats = await ok(dailyStats(c.ports, ADMIN, "2026-11-22"));
    expect(stats).toMatchObject({ bookings: 1, courts: 3, maintenance: 1, occupancyRate: 2 });

    let rendered: unknown;
    const invoices = { render: async (data: unknown) => { rendered = data; return new Uint8Array([37, 80, 68, 70]); } };
    const ports = { ...c.ports, invoices };
    await ok(renderInvoice(ports, c.asAna, payment.id));
    expect(rendered).toMatchObject({ invoiceNumber: payment.invoiceNumber, totalPaid: 3300, stripeFee: 126, payerName: "ana", issueDate: "2026-11-21" });
    // the payer's copy, whatever they ask for; the club's for an admin unless asked for the player's (the mailed one)
    expect(rendered).toMatchObject({ copy: "player", taxRate: 0 });
    await ok(renderInvoice(ports, c.asAna, payment.id, "club"));
    expect(rendered).toMatchObject({ copy: "player" });
    expect((await failure(renderInvoice(ports, c.asBeto, payment.id)))._tag).toBe("NotAllowed");
    await ok(renderInvoice(ports, ADMIN, payment.id));
    expect(rendered).toMatchObject({ copy: "club" });
    await ok(renderInvoice(ports, ADMIN, payment.id, "player"));
    expect(rendered).toMatchObject({ copy: "player" });
  });

  it("when a payment is still pending, then it has no invoice", async () => {
    const c = await nightDoubles();
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    expect((await failure(renderInvoice(c.ports, c.asAna, intent.payment.id)))._tag).toBe("InvoiceUnavailable");
  });
});

describe("share link counts", () => {
  it("when the organiser creates the link first and then pays their share, then the link counts 1 of 4", async () => {
    const c = await nightDoubles();
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    expect(link.currentParticipants).toBe(0);
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "partial" }));
    await c.pay(own.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: own.paymentIntentId }));
    expect((await ok(getShareLink(c.ports, link.token))).link.currentParticipants).toBe(1);
  });

  it("when the organiser pays the rest in full, then the link shows no place left", async () => {
    const c = await nightDoubles();
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    const full = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    await c.pay(full.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: full.paymentIntentId }));
    expect((await ok(getShareLink(c.ports, link.token))).link).toMatchObject({ currentParticipants: 4, maxParticipants: 4 });
  });
});
