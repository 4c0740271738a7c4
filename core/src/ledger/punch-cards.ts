import * as Effect from "effect/Effect";
import { remainingOf } from "../domain/booking.js";
import { paidFor, pendingPayment, type Payment } from "../domain/entities.js";
import { BookingFullyPaid, BookingNotActive, PunchCardNotFound, PunchCardUnusable } from "../domain/errors.js";
import { recordedPaymentEvents } from "../domain/events.js";
import { punchCardIntentId, punchCardRefusal, type PunchCardProduct } from "../domain/punch-cards.js";
import { bandOf } from "../domain/slots.js";
import type { Ports } from "../ports/index.js";
import type { PunchCardPaymentBody, PunchCardProductBody, PunchCardPurchaseBody } from "../schemas/punch-cards.js";
import { bookingNotFound, courtNotFound, venueNotFound } from "../use-cases/lookups.js";
import { checkPayable } from "../use-cases/payability.js";
import type { Actor } from "../use-cases/support.js";
import { call, callOr, requireAdmin, requireSelfOrAdmin, requireUser } from "../use-cases/support.js";
import { closeOwnCardIntents, openPurchase, type PurchasePorts } from "./wallet.js";

/**
 * Punch cards ('Bonos', DESIGN.md section 16): the club's products, the players' cards and an
 * hour of one paying a booking in full. The money came in when the card was bought (a purchase);
 * a booking paid with an hour is a payment of kind `punch_card` that charges nothing: its amount
 * is covered in full (recorded as its discount), no card fee, so the revenue summary counts the
 * card's price once.
 */

const productNotFound = () => new PunchCardNotFound({ message: "Bono no encontrado" });
const cardNotFound = () => new PunchCardNotFound({ message: "Bono no encontrado" });

/** POST /api/admin/punch-card-products: a product players may buy. */
export const createPunchCardProduct = (ports: Pick<Ports, "punchCards" | "venues" | "clock" | "ids">, actor: Actor, input: PunchCardProductBody) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    if (input.venueId) yield* callOr(() => ports.venues.findById(input.venueId!), venueNotFound);
    const product: PunchCardProduct = {
      id: ports.ids.uuid(),
      name: input.name,
      hours: input.hours,
      price: input.price,
      validDays: input.validDays,
      venueId: input.venueId ?? null,
      band: input.band ?? null,
      active: true,
      createdAt: ports.clock.now(),
    };
    yield* call(() => ports.punchCards.insertProduct(product));
    return product;
  });

/** The club's products: every one for the admin, the active ones for players. */
export const listPunchCardProducts = (ports: Pick<Ports, "punchCards">, actor: Actor, all: boolean) =>
  Effect.gen(function* () {
    if (all) yield* requireAdmin(actor);
    return yield* call(() => ports.punchCards.listProducts(!all));
  });

/** DELETE /api/admin/punch-card-products/{id}: no longer sold; cards bought keep their hours. */
export const deactivatePunchCardProduct = (ports: Pick<Ports, "punchCards">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(() => ports.punchCards.findProduct(id), productNotFound);
    yield* call(() => ports.punchCards.deactivateProduct(id));
  });

/** GET /api/user/punch-cards: the player's cards with their hours left and expiry. */
export const listMyPunchCards = (ports: Pick<Ports, "punchCards">, actor: Actor) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    return yield* call(() => ports.punchCards.listCards(userId));
  });

/**
 * POST /api/user/punch-cards { productId }: a product on sale bought by card. Answers the intent
 * like checkout; the card is granted when the purchase is recorded (POST
 * /api/user/purchases/{paymentIntentId}, or the sweep), its validity counted from then. A product
 * retired or unknown: 404, nothing opened.
 */
export const startPunchCardPurchase = (ports: PurchasePorts & Pick<Ports, "punchCards">, actor: Actor, input: PunchCardPurchaseBody) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const product = yield* callOr(() => ports.punchCards.findProduct(input.productId), productNotFound);
    if (!product.active) return yield* Effect.fail(productNotFound());
    return yield* openPurchase(ports, userId, "punch_card", product.price, product.id);
  });

export type PunchCardPaymentPorts = Pick<
  Ports,
  "bookings" | "payments" | "refunds" | "punchCards" | "courts" | "gateway" | "clock" | "ids" | "users" | "notifications" | "outbox" | "discountCodes" | "shareLinks"
>;

/**
 * POST /api/bookings/{id}/punch-card-payments { punchCardId }: one hour of the owner's card pays
 * what the booking still owes. The card must be the booking owner's (another player's: 404, as if
 * it did not exist), not expired, with an hour left, for the court's venue and the slot's band
 * (409 PUNCH_CARD_UNUSABLE in Spanish). The owner's open card intents are let go first (settled
 * instead if the card was in fact charged). Hour, use and payment in one transaction: under
 * concurrency a card never goes below zero.
 */
export const payWithPunchCard = (ports: PunchCardPaymentPorts, actor: Actor, bookingId: string, input: PunchCardPaymentBody) =>
  Effect.gen(function* () {
    const booking = yield* callOr(() => ports.bookings.findById(bookingId), bookingNotFound);
    yield* requireSelfOrAdmin(actor, booking.userId);
    if (!actor.isAdmin) yield* requireUser(actor);
    if (booking.status === "cancelled") return yield* Effect.fail(new BookingNotActive({ message: "La reserva fue cancelada" }));
    yield* checkPayable(ports, booking, "full");
    const remaining = remainingOf(booking);
    if (remaining <= 0) return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya está pagada por completo" }));

    const card = yield* callOr(() => ports.punchCards.findCard(input.punchCardId), cardNotFound);
    if (card.userId !== booking.userId) return yield* Effect.fail(cardNotFound());
    const court = yield* callOr(() => ports.courts.findById(booking.courtId), courtNotFound);
    const now = ports.clock.now();
    const refusal = punchCardRefusal(card, { venueId: court.venueId, band: bandOf(booking.timeSlot) }, now);
    if (refusal !== undefined) return yield* Effect.fail(new PunchCardUnusable({ message: refusal }));

    yield* closeOwnCardIntents(ports, booking, "usar el bono");

    const id = ports.ids.uuid();
    const payment: Payment = pendingPayment({
      id,
      bookingId: booking.id,
      userId: booking.userId,
      kind: "punch_card",
      amount: remaining,
      // covered in full by the hour: the card's money was counted when it was bought
      discount: remaining,
      discountCode: null,
      discountCodeId: null,
      stripeFee: 0,
      netAmount: 0,
      stripePaymentIntentId: punchCardIntentId(id),
      shareToken: null,
      createdAt: now,
      ...paidFor(booking),
    });
    const outcome = yield* call(() => ports.punchCards.recordPayment(payment, card.id, now, recordedPaymentEvents));
    switch (outcome.kind) {
      case "recorded": {
        const updated = yield* call(() => ports.bookings.findById(booking.id));
        return { payment: outcome.payment, booking: updated ?? booking, hoursLeft: outcome.hoursLeft };
      }
      case "no-hour-left":
        return yield* Effect.fail(new PunchCardUnusable({ message: "Este bono no tiene horas disponibles" }));
      case "overpaid":
        return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya está pagada por completo" }));
      case "booking-gone":
        return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está vigente (fue cancelada o expiró)" }));
      default:
        return yield* Effect.fail(bookingNotFound());
    }
  });
