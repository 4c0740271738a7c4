import * as Effect from "effect/Effect";
import { chargedOf } from "../domain/entities.js";
import { InvoiceUnavailable, NotAllowed, PaymentNotFound } from "../domain/errors.js";
import { occupancyRate } from "../domain/occupancy.js";
import { addDays, instantOf, localDateOf } from "../domain/time.js";
import type { LocalDate } from "../domain/time.js";
import type { InvoiceCopy, Ports } from "../ports/index.js";
import { withBookings } from "./history.js";
import type { Actor } from "./support.js";
import { call, callOr, requireAdmin, requireSelfOrAdmin, requireUser } from "./support.js";

/** A player's payments, each with its booking (null once the court was deleted). */
export const listUserPayments = (ports: Pick<Ports, "payments" | "bookings">, actor: Actor, userId?: string) =>
  Effect.gen(function* () {
    yield* requireSelfOrAdmin(actor, userId);
    const owner = userId ?? (yield* requireUser(actor));
    const payments = yield* call(() => ports.payments.listByUser(owner));
    return yield* withBookings(ports, payments);
  });

const dayBounds = (date: LocalDate, timeZone: string) => ({
  from: instantOf(date, "00:00", timeZone),
  to: instantOf(addDays(date, 1), "00:00", timeZone),
});

export const revenueOn = (ports: Pick<Ports, "payments" | "clock">, actor: Actor, date?: LocalDate) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const day = date ?? localDateOf(ports.clock.now(), ports.clock.timeZone);
    const { from, to } = dayBounds(day, ports.clock.timeZone);
    return yield* call(() => ports.payments.revenueBetween(from, to));
  });

export const paymentStats = (ports: Pick<Ports, "payments">, actor: Actor) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    return yield* call(() => ports.payments.summary());
  });

/** The admin dashboard's day, and `courts stats`. */
export const dailyStats = (ports: Pick<Ports, "bookings" | "courts" | "payments" | "clock">, actor: Actor, date?: LocalDate) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const day = date ?? localDateOf(ports.clock.now(), ports.clock.timeZone);
    const { from, to } = dayBounds(day, ports.clock.timeZone);
    const [bookings, courts, notAvailable, revenue] = yield* Effect.all(
      [
        call(() => ports.bookings.countActiveOnDate(day)),
        call(() => ports.courts.count()),
        call(() => ports.courts.countNotAvailable()),
        call(() => ports.payments.revenueBetween(from, to)),
      ],
      { concurrency: 4 },
    );
    return { date: day, bookings, revenue, courts, maintenance: notAvailable, occupancyRate: occupancyRate(bookings, courts) };
  });

/**
 * A PDF invoice of a succeeded payment, for its payer or an admin. A player always gets the
 * player's copy (what they paid, never the club's card fee or net), whatever they ask for; an
 * admin gets the club's copy unless asking for the player's (to hand it over, or to mail it).
 */
export const renderInvoice = (ports: Pick<Ports, "payments" | "invoices" | "clock">, actor: Actor, paymentId: string, asked?: InvoiceCopy) =>
  Effect.gen(function* () {
    const copy: InvoiceCopy = actor.isAdmin ? (asked ?? "club") : "player";
    if (!actor.isAdmin) yield* requireUser(actor);
    const payment = yield* callOr(() => ports.payments.findById(paymentId), () => new PaymentNotFound({ message: "Pago no encontrado" }));
    if (!actor.isAdmin && payment.userId !== actor.userId)
      return yield* Effect.fail(new NotAllowed({ message: "Esta factura pertenece a otro usuario" }));
    if (payment.invoiceNumber === null || (payment.status !== "succeeded" && payment.status !== "refunded"))
      return yield* Effect.fail(new InvoiceUnavailable({ message: "Solo los pagos completados tienen factura" }));
    const pdf = yield* call(() =>
      ports.invoices.render({
        copy,
        invoiceNumber: payment.invoiceNumber as string,
        issueDate: localDateOf(payment.paidAt ?? payment.createdAt, ports.clock.timeZone),
        paymentId: payment.id,
        payerName: payment.userName ?? "Participante de pago compartido",
        payerEmail: payment.userEmail,
        venueName: payment.venueName,
        courtName: payment.courtName,
        courtNumber: payment.courtNumber,
        bookingDate: payment.bookingDate,
        timeSlot: payment.timeSlot,
        gameType: payment.gameType,
        amount: payment.amount,
        discount: payment.discount,
        discountCode: payment.discountCode,
        stripeFee: payment.stripeFee,
        totalPaid: chargedOf(payment),
        refunded: payment.refundedAmount,
        taxRate: payment.taxRate ?? 0,
        paymentMethod: payment.kind === "cash" ? "cash" : "card",
      }),
    );
    return { pdf, payment };
  });
