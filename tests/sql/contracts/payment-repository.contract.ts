import { randomUUID } from "node:crypto";
import type { Booking, DiscountCode, Payment } from "@courts/core";
import { expect, it } from "vitest";
import { aDiscountCode, aPayment, aShareLink, aUser, written } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";
import { inserted, seedBooking, seedPlace, type Place } from "../support/seed.js";
import { refundPayment } from "../../support/refund-payment.js";

const at = (iso: string) => new Date(iso);

export const paymentRepositoryContract = (subject: () => Subject): void => {
  const repos = () => subject().repos;

  /** A day singles booking (total 1450) and a pending payment of `amount` for it. */
  const setup = async (amount = 725, overrides: Partial<Payment> = {}) => {
    const place = await seedPlace(repos());
    const booking = await seedBooking(repos(), place, { timeSlot: "10:00", gameType: "singles" });
    const payment = written(await repos().payments.insertPending(aPayment({ amount, ...overrides }, { booking, ...place })));
    return { place, booking, payment };
  };
  const pay = (payment: Payment, when = "2026-11-21T15:00:00.000Z", shareLinkId: string | null = null) =>
    repos().payments.markSucceeded({ intentId: payment.stripePaymentIntentId, at: at(when), shareLinkId });
  const another = (ctx: { place: Place; booking: Booking }, overrides: Partial<Payment> = {}) =>
    repos().payments.insertPending(aPayment({ amount: 725, ...overrides }, { booking: ctx.booking, ...ctx.place })).then(written);

  it("when a pending payment is inserted, then it is found by id (with its payer) and by intent", async () => {
    const { place, payment } = await setup(725, { discount: 100, discountCode: "PROMO10", kind: "full" });
    expect(await repos().payments.findById(payment.id)).toEqual({
      ...payment,
      userName: place.user.username,
      userEmail: place.user.email,
    });
    expect(await repos().payments.findByIntent(payment.stripePaymentIntentId)).toEqual(payment);
    expect(await repos().payments.findById("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
    expect(await repos().payments.findByIntent("pi_unknown")).toBeUndefined();
  });

  it("when the payer is a shared-link placeholder, then its name and email are null", async () => {
    const ctx = await setup();
    const shared = await another(ctx, { userId: "shared-00000000-0000-4000-8000-000000000001", kind: "shared", shareToken: "tok" });
    expect(await repos().payments.findById(shared.id)).toMatchObject({ userName: null, userEmail: null, shareToken: "tok" });
  });

  it("when an intent already has a payment, then a second payment for it is refused", async () => {
    const ctx = await setup();
    await expect(another(ctx, { stripePaymentIntentId: ctx.payment.stripePaymentIntentId })).rejects.toThrow();
    expect(await repos().payments.listByBooking(ctx.booking.id)).toEqual([ctx.payment]);
  });

  it("when the pending payment of a payer is asked, then the newest pending one of that kind is given", async () => {
    const ctx = await setup(725, { createdAt: at("2026-11-21T10:00:00.000Z") });
    const newer = await another(ctx, { createdAt: at("2026-11-21T11:00:00.000Z") });
    await another(ctx, { createdAt: at("2026-11-21T12:00:00.000Z"), kind: "full", amount: 1450 });
    const failed = await another(ctx, { createdAt: at("2026-11-21T13:00:00.000Z") });
    await repos().payments.markFailed(failed.id);
    expect(await repos().payments.findPending(ctx.booking.id, ctx.place.user.id, "partial")).toEqual(newer);
    expect(await repos().payments.findPending(ctx.booking.id, "someone-else", "partial")).toBeUndefined();
  });

  it("when a payment is marked succeeded, then it is paid with an invoice number and the booking counts it", async () => {
    const { booking, payment } = await setup();
    const outcome = await pay(payment);
    const recorded = { ...payment, status: "succeeded", paidAt: at("2026-11-21T15:00:00.000Z"), invoiceNumber: "2026-000001" };
    expect(outcome).toEqual({ kind: "recorded", payment: recorded });
    expect(await repos().payments.findByIntent(payment.stripePaymentIntentId)).toEqual(recorded);
    expect(await repos().bookings.findById(booking.id)).toMatchObject({ paidAmount: 725 });
  });

  it("when a payment was already recorded, then it answers already-recorded and counts nothing twice", async () => {
    const { booking, payment } = await setup();
    const first = await pay(payment);
    expect(await pay(payment, "2026-11-21T16:00:00.000Z")).toEqual({
      kind: "already-recorded",
      payment: first.kind === "recorded" ? first.payment : undefined,
    });
    expect(await repos().bookings.findById(booking.id)).toMatchObject({ paidAmount: 725 });
  });

  it("when the intent is unknown, then markSucceeded answers not-found", async () => {
    expect(await repos().payments.markSucceeded({ intentId: "pi_nope", at: at("2026-11-21T15:00:00.000Z"), shareLinkId: null })).toEqual({
      kind: "not-found",
    });
  });

  it("when invoice numbers are given, then they are gapless per year and a refused payment takes none", async () => {
    const ctx = await setup(725);
    const second = await another(ctx);
    const third = await another(ctx); // would pass the total: refused
    const nextYear = await another({ place: ctx.place, booking: await seedBooking(repos(), ctx.place, { timeSlot: "11:00" }) });
    expect(await pay(ctx.payment)).toMatchObject({ payment: { invoiceNumber: "2026-000001" } });
    expect(await pay(third, "2026-12-01T00:00:00.000Z")).toMatchObject({ kind: "recorded", payment: { invoiceNumber: "2026-000002" } });
    expect(await pay(second)).toEqual({ kind: "overpaid" });
    expect(await pay(nextYear, "2027-01-01T00:00:00.000Z")).toMatchObject({ payment: { invoiceNumber: "2027-000001" } });
  });

  it("when a payment would pass the booking's total, then it answers overpaid and nothing changes", async () => {
    const ctx = await setup(1450, { kind: "full" });
    expect(await pay(ctx.payment)).toMatchObject({ kind: "recorded" });
    const extra = await another(ctx, { amount: 1 });
    expect(await pay(extra)).toEqual({ kind: "overpaid" });
    expect(await repos().payments.findById(extra.id)).toMatchObject({ status: "pending", paidAt: null, invoiceNumber: null });
    expect(await repos().bookings.findById(ctx.booking.id)).toMatchObject({ paidAmount: 1450 });
  });

  it("when the booking was cancelled or deleted, then it answers booking-gone and the payment stays pending", async () => {
    const ctx = await setup();
    await repos().bookings.cancel(ctx.booking.id, { reason: null, refundPercentage: 100, at: at("2026-11-21T14:00:00.000Z") });
    expect(await pay(ctx.payment)).toEqual({ kind: "booking-gone" });
    expect(await repos().payments.findById(ctx.payment.id)).toMatchObject({ status: "pending" });

    const other = await setup();
    await repos().courts.delete(other.place.court.id);
    expect(await pay(other.payment)).toEqual({ kind: "booking-gone" });
    expect(await repos().payments.findById(other.payment.id)).toMatchObject({ status: "pending", invoiceNumber: null });
  });

  it("when a share link is given, then the payment adds one participant", async () => {
    const ctx = await setup(363);
    const link = await repos().shareLinks.insert(aShareLink(ctx.booking, { maxParticipants: 4, currentParticipants: 1 }));
    expect(await pay(ctx.payment, undefined, link.id)).toMatchObject({ kind: "recorded" });
    expect(await repos().shareLinks.findByToken(link.token)).toMatchObject({ currentParticipants: 2 });
  });

  it("when the share link is full, then it answers link-full and rolls back every step", async () => {
    const ctx = await setup(725);
    const link = await repos().shareLinks.insert(aShareLink(ctx.booking, { maxParticipants: 2, currentParticipants: 2 }));
    expect(await pay(ctx.payment, undefined, link.id)).toEqual({ kind: "link-full" });
    expect(await repos().payments.findById(ctx.payment.id)).toMatchObject({ status: "pending", paidAt: null, invoiceNumber: null });
    expect(await repos().bookings.findById(ctx.booking.id)).toMatchObject({ paidAmount: 0 });
    expect(await repos().shareLinks.findByToken(link.token)).toMatchObject({ currentParticipants: 2 });
    // The number the rolled-back attempt drew is given again: no gap.
    const free = await another(ctx);
    expect(await pay(free)).toMatchObject({ payment: { invoiceNumber: "2026-000001" } });
  });

  it("when one signed-in payer's two shares of a booking are recorded at once, then one is recorded and the other answers share-already-paid with nothing written", async () => {
    const ctx = await setup(363, { kind: "partial" });
    const friend = inserted(await repos().users.insert(aUser()));
    const link = await repos().shareLinks.insert(aShareLink(ctx.booking, { maxParticipants: 4, currentParticipants: 1 }));
    const share = () => another(ctx, { userId: friend.id, kind: "shared", shareToken: link.token, amount: 363 });
    const [first, second] = [await share(), await share()];
    // PostgreSQL: two transactions at once, the second waiting on the booking's row
    const outcomes = await Promise.all([pay(first, undefined, link.id), pay(second, undefined, link.id)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["recorded", "share-already-paid"]);
    const loser = outcomes[0]!.kind === "recorded" ? second : first;
    expect(await repos().payments.findById(loser.id)).toMatchObject({ status: "pending", paidAt: null, invoiceNumber: null });
    expect(await repos().bookings.findById(ctx.booking.id)).toMatchObject({ paidAmount: 363 });
    expect(await repos().shareLinks.findByToken(link.token)).toMatchObject({ currentParticipants: 2 });
    // a guest's share (a placeholder payer of its own) is another person's
    const guest = await another(ctx, { userId: "shared-00000000-0000-4000-8000-000000000002", kind: "shared", shareToken: link.token, amount: 363 });
    expect(await pay(guest, undefined, link.id)).toMatchObject({ kind: "recorded" });
    // once the friend's share is refunded, they may pay one again
    const winner = loser === first ? second : first;
    await refundPayment(repos(), winner.id, 363);
    expect(await pay(loser, undefined, link.id)).toMatchObject({ kind: "recorded", payment: { id: loser.id, status: "succeeded" } });
  });

  it("when a pending payment is marked failed, then only a pending one moves", async () => {
    const ctx = await setup();
    expect(await repos().payments.markFailed(ctx.payment.id)).toBe(true);
    expect(await repos().payments.markFailed(ctx.payment.id)).toBe(false);
    expect(await repos().payments.findById(ctx.payment.id)).toMatchObject({ status: "failed" });
    expect(await pay(ctx.payment)).toMatchObject({ kind: "already-recorded", payment: { status: "failed" } });
    const paid = await another(ctx);
    await pay(paid);
    expect(await repos().payments.markFailed(paid.id)).toBe(false);
  });

  /** A pending payment of 725 for the setup's booking that uses `code`. */
  const withCode = (ctx: { place: Place; booking: Booking }, code: DiscountCode) =>
    aPayment({ amount: 725, discountCode: code.code, discountCodeId: code.id }, { booking: ctx.booking, ...ctx.place });
  const usageOf = async (code: DiscountCode) => (await repos().discountCodes.findById(code.id))?.usageCount;

  it("when pending payments carry a code, then each reserves one use with it, up to maxUsage; an inactive code reserves none", async () => {
    const ctx = await setup();
    const limited = aDiscountCode({ maxUsage: 2, usageCount: 0 });
    const inactive = aDiscountCode({ isActive: false, usageCount: 0 });
    const unlimited = aDiscountCode({ maxUsage: null, usageCount: 1000 });
    for (const code of [limited, inactive, unlimited]) await repos().discountCodes.insert(code);
    for (let i = 0; i < 2; i++) expect(await repos().payments.insertPending(withCode(ctx, limited))).toMatchObject({ discountCodeId: limited.id });
    const refused = withCode(ctx, limited);
    expect(await repos().payments.insertPending(refused)).toBe("code-used-up");
    expect(await repos().payments.findById(refused.id)).toBeUndefined();
    expect(await usageOf(limited)).toBe(2);
    const offered = withCode(ctx, inactive);
    expect(await repos().payments.insertPending(offered)).toBe("code-used-up");
    expect(await repos().payments.findById(offered.id)).toBeUndefined();
    expect(await usageOf(inactive)).toBe(0);
    written(await repos().payments.insertPending(withCode(ctx, unlimited)));
    expect(await usageOf(unlimited)).toBe(1001);
  });

  it("when a payment was recorded on its booking meanwhile, then a refund on arrival is not decided for it and nothing changes", async () => {
    const ctx = await setup();
    expect(await pay(ctx.payment)).toMatchObject({ kind: "recorded" });
    expect(await repos().payments.oweRefund({ id: ctx.payment.id, refundId: randomUUID(), at: new Date(), amount: 725, flag: "refunded_on_arrival" })).toBe(false);
    expect(await repos().payments.findById(ctx.payment.id)).toMatchObject({ status: "succeeded", refundOwed: 0, flag: null });
    // a failed one (abandoned while the card was charged) still is
    const failed = await another(ctx);
    await repos().payments.markFailed(failed.id);
    expect(await repos().payments.oweRefund({ id: failed.id, refundId: randomUUID(), at: new Date(), amount: 725, flag: "refunded_on_arrival" })).toBe(true);
    expect(await repos().payments.findById(failed.id)).toMatchObject({ status: "refunded", refundOwed: 725 });
  });

  it("when a pending payment that reserved a code's use fails or is owed a refund, then the use goes back with the move, once", async () => {
    const ctx = await setup();
    const code = aDiscountCode({ maxUsage: null, usageCount: 0 });
    await repos().discountCodes.insert(code);
    const [failing, owed] = [written(await repos().payments.insertPending(withCode(ctx, code))), written(await repos().payments.insertPending(withCode(ctx, code)))];
    written(await repos().payments.insertPending(withCode(ctx, code)));
    expect(await usageOf(code)).toBe(3);
    expect(await repos().payments.markFailed(failing.id, code.id)).toBe(true);
    expect(await usageOf(code)).toBe(2);
    // a second sweeper's move does not count: the use is not given back twice
    expect(await repos().payments.markFailed(failing.id, code.id)).toBe(false);
    expect(await usageOf(code)).toBe(2);
    expect(await repos().payments.oweRefund({ id: owed.id, refundId: randomUUID(), at: new Date(), amount: 725, flag: "refunded_on_arrival", releaseUseOf: code.id })).toBe(true);
    expect(await repos().payments.oweRefund({ id: owed.id, refundId: randomUUID(), at: new Date(), amount: 725, flag: "refunded_on_arrival", releaseUseOf: code.id })).toBe(false);
    expect(await usageOf(code)).toBe(1);
    // without a code to release, the moves leave the code alone
    expect(await repos().payments.markFailed((await another(ctx)).id)).toBe(true);
    expect(await usageOf(code)).toBe(1);
    // and a count never goes below zero
    const spent = aDiscountCode({ usageCount: 0 });
    await repos().discountCodes.insert(spent);
    expect(await repos().payments.markFailed((await another(ctx)).id, spent.id)).toBe(true);
    expect(await usageOf(spent)).toBe(0);
  });

  it("when refunds are recorded, then they add up to at most the charged amount", async () => {
    const ctx = await setup(725, { discount: 25 });
    await pay(ctx.payment);
    await refundPayment(repos(), ctx.payment.id, 350);
    expect(await repos().payments.findById(ctx.payment.id)).toMatchObject({ status: "refunded", refundedAmount: 350 });
    await refundPayment(repos(), ctx.payment.id, 500);
    expect(await repos().payments.findById(ctx.payment.id)).toMatchObject({ status: "refunded", refundedAmount: 700 });
  });

  it("when a captured payment could not be applied, then its pending record is refunded; a failed one is not", async () => {
    const ctx = await setup(725);
    const failed = await another(ctx);
    await repos().payments.markFailed(failed.id);
    await refundPayment(repos(), ctx.payment.id, 725);
    await refundPayment(repos(), failed.id, 725);
    expect(await repos().payments.findById(ctx.payment.id)).toMatchObject({ status: "refunded", refundedAmount: 725, paidAt: null });
    expect(await repos().payments.findById(failed.id)).toMatchObject({ status: "failed", refundedAmount: 0 });
    expect(await pay(ctx.payment)).toMatchObject({ kind: "already-recorded", payment: { status: "refunded" } });
    expect(await repos().bookings.findById(ctx.booking.id)).toMatchObject({ paidAmount: 0 });
  });

  it("when payments are listed, then they come newest first, by booking, by payer, and all with payer names", async () => {
    const ctx = await setup(725, { createdAt: at("2026-11-21T10:00:00.000Z") });
    const later = await another(ctx, { createdAt: at("2026-11-21T11:00:00.000Z") });
    const otherPlace = await seedPlace(repos());
    const otherBooking = await seedBooking(repos(), otherPlace);
    const foreign = written(await repos().payments.insertPending(
      aPayment({ createdAt: at("2026-11-21T09:00:00.000Z") }, { booking: otherBooking, ...otherPlace }),
    ));
    expect(await repos().payments.listByBooking(ctx.booking.id)).toEqual([later, ctx.payment]);
    expect(await repos().payments.listByUser(ctx.place.user.id)).toEqual([later, ctx.payment]);
    const all = (await repos().payments.pageTransactions({}, { page: 1, pageSize: 50 })).items;
    expect(all.map((p) => p.id)).toEqual([later.id, ctx.payment.id, foreign.id]);
    expect(all[2]).toMatchObject({ userName: otherPlace.user.username, userEmail: otherPlace.user.email });
  });

  it("when the summary is asked, then it sums settled money, discounts, fees and pending amounts in SQL", async () => {
    const ctx = await setup(725, { discount: 100, stripeFee: 48 });
    const refunded = await another(ctx, { amount: 725, discount: 0, stripeFee: 51 });
    await another(ctx, { amount: 300, discount: 50, stripeFee: 37 }); // pending: 250
    const failed = await another(ctx, { amount: 999 });
    const unapplied = await another(ctx, { amount: 500, discount: 50, stripeFee: 43 });
    await refundPayment(repos(), unapplied.id, 450); // captured, never applied: counts nowhere
    await pay(ctx.payment, "2026-11-21T15:00:00.000Z");
    await pay(refunded, "2026-11-22T15:00:00.000Z");
    await refundPayment(repos(), refunded.id, 200);
    await repos().payments.markFailed(failed.id);

    expect(await repos().payments.summary()).toEqual({
      gross: 725 + 725,
      total: 625 + 525,
      discounts: 100,
      stripeFees: 48 + 51,
      refunds: 200,
      net: 625 + 525 - 99,
      succeededCount: 1,
      pendingAmount: 250,
      pendingCount: 1,
    });
    expect(await repos().payments.revenueBetween(at("2026-11-21T00:00:00.000Z"), at("2026-11-22T00:00:00.000Z"))).toBe(625);
    expect(await repos().payments.revenueBetween(at("2026-11-21T00:00:00.000Z"), at("2026-11-23T00:00:00.000Z"))).toBe(1150);
    expect(await repos().payments.revenueBetween(at("2026-11-21T15:00:00.000Z"), at("2026-11-21T15:00:00.001Z"))).toBe(625);
    expect(await repos().payments.revenueBetween(at("2026-11-23T00:00:00.000Z"), at("2026-11-24T00:00:00.000Z"))).toBe(0);
  });

  it("when there are no payments, then the summary is all zeros", async () => {
    expect(await repos().payments.summary()).toEqual({
      gross: 0,
      total: 0,
      discounts: 0,
      stripeFees: 0,
      refunds: 0,
      net: 0,
      succeededCount: 0,
      pendingAmount: 0,
      pendingCount: 0,
    });
  });

  it("when stale pending payments are asked, then the pending ones created before the instant come oldest first", async () => {
    const ctx = await setup(725, { createdAt: at("2026-11-21T09:00:00.000Z") });
    const older = await another(ctx, { createdAt: at("2026-11-21T08:00:00.000Z") });
    await another(ctx, { createdAt: at("2026-11-21T11:00:00.000Z") });
    const paid = await another(ctx, { createdAt: at("2026-11-21T07:00:00.000Z") });
    await pay(paid);
    expect(await repos().payments.listStalePending(at("2026-11-21T10:00:00.000Z"))).toEqual([older, ctx.payment]);
  });

  it("when payers differ, then listByUser gives each payer only their own payments", async () => {
    const ctx = await setup();
    const user = inserted(await repos().users.insert(aUser()));
    const own = await another(ctx, { userId: user.id });
    expect(await repos().payments.listByUser(user.id)).toEqual([own]);
  });
};
