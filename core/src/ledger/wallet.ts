import * as Effect from "effect/Effect";
import { remainingOf } from "../domain/booking.js";
import { chargedOf, paidFor, pendingPayment, walletIntentId, type Payment } from "../domain/entities.js";
import {
  BookingFullyPaid,
  BookingNotActive,
  InsufficientBalance,
  InvalidInput,
  InvoiceUnavailable,
  NotAllowed,
  PaymentAlreadyRecorded,
  PaymentMismatch,
  PaymentNotConfirmed,
  PaymentNotFound,
  UserNotFound,
} from "../domain/errors.js";
import { recordedPaymentEvents } from "../domain/events.js";
import { breakdown, cardFee } from "../domain/fees.js";
import { ownShare } from "../domain/shares.js";
import { localDateOf } from "../domain/time.js";
import { insufficientBalanceMessage, PRODUCT_NAMES, type PurchaseProduct } from "../domain/wallet.js";
import type { Ports } from "../ports/index.js";
import type { Purchase } from "../ports/purchase-repository.js";
import type { MyPurchasesQuery, TopUpBody, WalletAdjustmentBody, WalletPaymentBody, WalletQuery } from "../schemas/wallet.js";
import { findUsableCode, unusable } from "../use-cases/discounts.js";
import { bookingNotFound } from "../use-cases/lookups.js";
import { checkPayable } from "../use-cases/payability.js";
import { CURRENCY, settleOrCancelIntent } from "../use-cases/payments.js";
import type { Actor } from "../use-cases/support.js";
import { call, callOr, requireAdmin, requireSelfOrAdmin, requireUser } from "../use-cases/support.js";

/**
 * The wallet (DESIGN.md section 16): a balance a player tops up by card and spends on bookings.
 * Every movement is a row of its statement written with the balance in one transaction; the
 * balance row's CHECK (>= 0) stands beneath every conditional spend.
 */

const DEFAULT_PAGE_SIZE = 20;

/** GET /api/user/wallet: the balance and a page of the statement, newest first. */
export const getWallet = (ports: Pick<Ports, "wallets">, actor: Actor, query: WalletQuery) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const page = { page: query.page ?? 1, pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE };
    const [balance, entries] = yield* Effect.all([call(() => ports.wallets.balanceOf(userId)), call(() => ports.wallets.pageEntries(userId, page))]);
    return { balance, entries };
  });

// ---------------------------------------------------------------------------------------------
// products bought by card: the top-up today

export type PurchasePorts = Pick<Ports, "purchases" | "gateway" | "clock" | "ids">;

/**
 * Opens a card intent for a product and writes its purchase as pending. The intent's metadata
 * names the purchase, its buyer and the product, so the provider's word can be checked against
 * the purchase before anything is credited.
 */
export const openPurchase = (ports: PurchasePorts, userId: string, product: PurchaseProduct, amount: number, productRef: string | null = null) =>
  Effect.gen(function* () {
    const id = ports.ids.uuid();
    const intent = yield* call(() =>
      ports.gateway.createIntent({
        amount,
        currency: CURRENCY,
        metadata: { purchaseId: id, userId, product, ...(productRef ? { productRef } : {}) },
        idempotencyKey: `purchase-${id}`,
      }),
    );
    const purchase: Purchase = {
      id,
      userId,
      product,
      productRef,
      amount,
      stripeFee: cardFee(amount),
      intentId: intent.id,
      status: "pending",
      invoiceNumber: null,
      taxRate: null,
      buyerName: null,
      buyerEmail: null,
      createdAt: ports.clock.now(),
      paidAt: null,
    };
    yield* call(() => ports.purchases.insertPending(purchase));
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, purchase };
  });

/** POST /api/user/wallet/top-ups { amount }: $10.00 to $500.00 by card, credited once the provider says succeeded. */
export const startTopUp = (ports: PurchasePorts, actor: Actor, input: TopUpBody) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    return yield* openPurchase(ports, userId, "wallet_topup", input.amount);
  });

const notConfirmed = () => new PaymentNotConfirmed({ message: "El pago aún no ha sido confirmado por el proveedor" });

/**
 * Records a purchase the provider says succeeded, after checking amount, currency and metadata:
 * the browser's call and the sweep alike, once (the repository's update is conditional). A
 * purchase the sweep had marked failed is recorded all the same when the provider took the money
 * after all: a wallet credit always applies.
 */
export const settlePurchase = (ports: Pick<Ports, "purchases" | "gateway" | "clock">, purchase: Purchase) =>
  Effect.gen(function* () {
    if (purchase.status === "succeeded") return { purchase, alreadyRecorded: true };
    const intent = yield* callOr(
      () => ports.gateway.retrieveIntent(purchase.intentId),
      () => new PaymentMismatch({ message: "El proveedor de pagos no conoce ese pago" }),
    );
    if (intent.status !== "succeeded") return yield* Effect.fail(notConfirmed());
    if (
      intent.amount !== purchase.amount ||
      intent.currency.toLowerCase() !== CURRENCY ||
      intent.metadata["purchaseId"] !== purchase.id ||
      intent.metadata["userId"] !== purchase.userId ||
      intent.metadata["product"] !== purchase.product
    )
      return yield* Effect.fail(new PaymentMismatch({ message: "El pago no corresponde a esta compra" }));
    const outcome = yield* call(() => ports.purchases.markSucceeded(purchase.intentId, ports.clock.now()));
    if (outcome.kind === "not-found") return yield* Effect.fail(new PaymentNotFound({ message: "Compra no encontrada" }));
    return { purchase: outcome.purchase, alreadyRecorded: outcome.kind === "already-recorded" };
  });

/**
 * POST /api/user/purchases/{paymentIntentId}: the buyer's browser says the card went through.
 * The server asks the provider; another player's purchase is refused (403) without a word of it.
 */
export const recordPurchase = (ports: Pick<Ports, "purchases" | "gateway" | "clock">, actor: Actor, intentId: string) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const purchase = yield* callOr(() => ports.purchases.findByIntent(intentId), () => new PaymentNotFound({ message: "Compra no encontrada" }));
    if (purchase.userId !== userId) return yield* Effect.fail(new PaymentNotFound({ message: "Compra no encontrada" }));
    return yield* settlePurchase(ports, purchase);
  });

export interface PurchaseSweepOptions {
  readonly claimMs: number;
  /** a pending purchase older than this, not paid, is cancelled at the provider */
  readonly ttlMs: number;
  /** purchases younger than this are left to their browser */
  readonly graceMs?: number;
  readonly limit?: number;
}

/**
 * The sweep step: every pending purchase (its browser never came back: closed, crashed, or the
 * server was killed between the provider's answer and the ledger) is asked of the provider.
 * Succeeded: recorded. Cancelled: failed. Past the TTL: cancelled at the provider first (settled
 * instead if it answers that the money was taken). Answers how many were recorded.
 */
export const reconcilePurchases = (ports: Pick<Ports, "purchases" | "gateway" | "clock">, options: PurchaseSweepOptions) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const claimed = yield* call(() =>
      ports.purchases.claimPending(new Date(now.getTime() - (options.graceMs ?? 0)), now, new Date(now.getTime() + options.claimMs), options.limit ?? 25),
    );
    let recorded = 0;
    for (const purchase of claimed) {
      const done = yield* Effect.either(
        Effect.gen(function* () {
          const intent = yield* call(() => ports.gateway.retrieveIntent(purchase.intentId));
          if (intent?.status === "succeeded") {
            const settled = yield* Effect.either(settlePurchase(ports, purchase));
            if (settled._tag === "Right" && !settled.right.alreadyRecorded) recorded++;
            return;
          }
          if (intent === undefined || intent.status === "canceled") {
            yield* call(() => ports.purchases.markFailed(purchase.id));
            return;
          }
          if (now.getTime() - purchase.createdAt.getTime() < options.ttlMs) return;
          const cancelled = yield* call(() => ports.gateway.cancelIntent(purchase.intentId));
          if (cancelled?.status === "succeeded") {
            const settled = yield* Effect.either(settlePurchase(ports, purchase));
            if (settled._tag === "Right" && !settled.right.alreadyRecorded) recorded++;
          } else if (cancelled === undefined || cancelled.status === "canceled") yield* call(() => ports.purchases.markFailed(purchase.id));
        }),
      );
      yield* call(() => ports.purchases.releaseClaim(purchase.id));
      if (done._tag === "Left") yield* Effect.logWarning("compra no conciliada: se reintenta en el siguiente barrido").pipe(Effect.annotateLogs({ purchaseId: purchase.id }));
    }
    return recorded;
  });

/** GET /api/admin/purchases: every product bought by card (or at the desk), newest first, for the club. */
export const pagePurchases = (ports: Pick<Ports, "purchases">, actor: Actor, query: WalletQuery) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    return yield* call(() => ports.purchases.page({ page: query.page ?? 1, pageSize: query.pageSize ?? 50 }));
  });

/** GET /api/user/purchases: the player's own purchases (top-ups, punch cards, memberships), newest first, to find their receipts. */
export const pageMyPurchases = (ports: Pick<Ports, "purchases">, actor: Actor, query: MyPurchasesQuery) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const product = query.kind === undefined ? undefined : query.kind === "topup" ? "wallet_topup" : query.kind;
    return yield* call(() => ports.purchases.pageOfUser(userId, { page: query.page ?? 1, pageSize: query.pageSize ?? 50 }, product));
  });

/** What a receipt of a purchase says it was. */
export const productNameOf = (product: PurchaseProduct): string => PRODUCT_NAMES[product];

/**
 * GET /api/user/purchases/{id}/invoice: a recorded purchase's receipt, the invoice renderer's
 * with the product as its line (no venue, no game), numbered in the one gapless sequence. Its
 * buyer (or an admin, the club's copy) only; a purchase not recorded has none.
 */
export const renderPurchaseInvoice = (ports: Pick<Ports, "purchases" | "invoices" | "clock">, actor: Actor, purchaseId: string) =>
  Effect.gen(function* () {
    if (!actor.isAdmin) yield* requireUser(actor);
    const purchase = yield* callOr(() => ports.purchases.findById(purchaseId), () => new PaymentNotFound({ message: "Compra no encontrada" }));
    if (!actor.isAdmin && purchase.userId !== actor.userId) return yield* Effect.fail(new NotAllowed({ message: "Esta factura pertenece a otro usuario" }));
    if (purchase.status !== "succeeded" || purchase.invoiceNumber === null || purchase.paidAt === null)
      return yield* Effect.fail(new InvoiceUnavailable({ message: "Solo las compras completadas tienen factura" }));
    const issueDate = localDateOf(purchase.paidAt, ports.clock.timeZone);
    const name = productNameOf(purchase.product);
    const pdf = yield* call(() =>
      ports.invoices.render({
        copy: actor.isAdmin ? "club" : "player",
        invoiceNumber: purchase.invoiceNumber as string,
        issueDate,
        paymentId: purchase.id,
        payerName: purchase.buyerName ?? "Jugador",
        payerEmail: purchase.buyerEmail,
        product: { name },
        // not printed for a product: the invoice's booking fields, filled with what the purchase has
        venueName: name,
        courtName: name,
        courtNumber: 0,
        bookingDate: issueDate,
        timeSlot: "00:00",
        gameType: "singles",
        amount: purchase.amount,
        discount: 0,
        discountCode: null,
        stripeFee: purchase.stripeFee,
        totalPaid: purchase.amount,
        refunded: 0,
        taxRate: purchase.taxRate ?? 0,
        // a membership recorded at the desk was paid in cash (its cash key)
        paymentMethod: purchase.intentId.startsWith("cash-") ? "cash" : "card",
      }),
    );
    return { pdf, purchase };
  });

// ---------------------------------------------------------------------------------------------
// paying a booking from the wallet

export type WalletPaymentPorts = Pick<
  Ports,
  "bookings" | "payments" | "refunds" | "shareLinks" | "discountCodes" | "gateway" | "clock" | "ids" | "wallets" | "users" | "notifications" | "outbox"
>;

/**
 * Before a booking is paid another way (the wallet, a punch card), the owner's open card intents
 * for it are settled or cancelled at the provider: one that succeeded meanwhile is recorded and
 * the new payment refused ('Revisa tu reserva antes de {then}'), one still processing refuses it
 * too, so a card and another way never both pay the same share.
 */
export const closeOwnCardIntents = (
  ports: Parameters<typeof settleOrCancelIntent>[0] & Pick<Ports, "payments">,
  booking: { readonly id: string; readonly userId: string },
  then: string,
) =>
  Effect.gen(function* () {
    for (const open of yield* call(() => ports.payments.listByBooking(booking.id))) {
      if (open.status !== "pending" || open.userId !== booking.userId || (open.kind !== "partial" && open.kind !== "full")) continue;
      const outcome = yield* settleOrCancelIntent(ports, open);
      if (outcome === "recorded")
        return yield* Effect.fail(new PaymentAlreadyRecorded({ message: `Tu pago con tarjeta ya fue confirmado y quedó registrado. Revisa tu reserva antes de ${then}.` }));
      if (outcome === "unsettled")
        return yield* Effect.fail(new PaymentNotConfirmed({ message: "Tu pago con tarjeta aún se está procesando. Inténtalo de nuevo en unos minutos." }));
    }
  });

/**
 * POST /api/bookings/{id}/wallet-payments: the owner's share or the rest of a booking, paid from
 * the owner's wallet, with the same rules as a card: who may pay, what each choice covers, a hold
 * that ran out, the split deadline, a discount code (its use reserved in the same transaction).
 * No card fee. The owner's open card intents for the booking are let go first (settled instead if
 * the card was in fact charged), so nothing is paid twice. Debit, payment and booking move in one
 * transaction: a balance that does not cover it answers 409 INSUFFICIENT_BALANCE, nothing written.
 */
export const payFromWallet = (ports: WalletPaymentPorts, actor: Actor, bookingId: string, input: WalletPaymentBody) =>
  Effect.gen(function* () {
    const booking = yield* callOr(() => ports.bookings.findById(bookingId), bookingNotFound);
    yield* requireSelfOrAdmin(actor, booking.userId);
    if (!actor.isAdmin) yield* requireUser(actor);
    if (booking.status === "cancelled") return yield* Effect.fail(new BookingNotActive({ message: "La reserva fue cancelada" }));
    const kind = input.paymentType;
    yield* checkPayable(ports, booking, kind);
    const remaining = remainingOf(booking);
    const amount = kind === "full" ? remaining : Math.min(ownShare(booking.totalAmount, booking.gameType), remaining);
    if (amount <= 0) return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya está pagada por completo" }));

    const code = input.discountCode ? yield* findUsableCode(ports, input.discountCode) : undefined;
    const figures = breakdown(amount, code);
    if (figures.charged <= 0)
      return yield* Effect.fail(new InvalidInput({ field: "discountCode", message: "Con este código no queda nada que pagar con el monedero" }));
    // a quick answer for the common case; the transaction decides (a concurrent spend may come first)
    const balance = yield* call(() => ports.wallets.balanceOf(booking.userId));
    if (balance < figures.charged) return yield* Effect.fail(new InsufficientBalance({ message: insufficientBalanceMessage(balance, figures.charged) }));

    yield* closeOwnCardIntents(ports, booking, "pagar otra vez");

    const now = ports.clock.now();
    const id = ports.ids.uuid();
    const payment: Payment = pendingPayment({
      id,
      bookingId: booking.id,
      userId: booking.userId,
      kind: "wallet",
      amount: figures.amount,
      discount: figures.discount,
      discountCode: code?.code ?? null,
      discountCodeId: code?.id ?? null,
      stripeFee: 0,
      netAmount: figures.charged,
      stripePaymentIntentId: walletIntentId(id),
      shareToken: null,
      createdAt: now,
      ...paidFor(booking),
    });
    // the organiser's own share counts on the booking's link, as a card share does ("X de N")
    const link = kind === "partial" ? yield* call(() => ports.shareLinks.findByBooking(booking.id)) : undefined;
    const outcome = yield* call(() => ports.payments.recordWallet(payment, now, link?.id ?? null, recordedPaymentEvents));
    switch (outcome.kind) {
      case "recorded": {
        const updated = yield* call(() => ports.bookings.findById(booking.id));
        return { payment: outcome.payment, booking: updated ?? booking, balance: outcome.balance };
      }
      case "insufficient-balance":
        return yield* Effect.fail(new InsufficientBalance({ message: insufficientBalanceMessage(outcome.balance, chargedOf(payment)) }));
      case "code-used-up":
        return yield* Effect.fail(unusable("used-up"));
      case "overpaid":
        return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya está pagada por completo" }));
      case "booking-gone":
        return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está vigente (fue cancelada o expiró)" }));
      default:
        return yield* Effect.fail(bookingNotFound());
    }
  });

// ---------------------------------------------------------------------------------------------
// the club's corrections

/** POST /api/admin/users/{id}/wallet-adjustments { amount, note }: signed, never below zero (409). */
export const adjustWallet = (ports: Pick<Ports, "wallets" | "users" | "clock" | "ids">, actor: Actor, userId: string, input: WalletAdjustmentBody) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(() => ports.users.findById(userId), () => new UserNotFound({ message: "Jugador no encontrado" }));
    const done = yield* call(() =>
      ports.wallets.adjust({ id: ports.ids.uuid(), userId, amount: input.amount, note: input.note, by: actor.userId, at: ports.clock.now() }),
    );
    if (done === "insufficient") {
      const balance = yield* call(() => ports.wallets.balanceOf(userId));
      return yield* Effect.fail(
        new InsufficientBalance({ message: `El ajuste dejaría el monedero en negativo: el saldo es $${(balance / 100).toFixed(2)}.` }),
      );
    }
    return done;
  });
