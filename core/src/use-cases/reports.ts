import * as Effect from "effect/Effect";
import { chargedOf } from "../domain/entities.js";
import { monthYearWords } from "../domain/date-words.js";
import { InvalidInput, InvoiceUnavailable, NotAllowed, PaymentNotFound } from "../domain/errors.js";
import { defaultPeriod, occupancyCells, periodProblem, sumFigures } from "../domain/owner-reports.js";
import { occupancyRate } from "../domain/occupancy.js";
import { addDays, instantOf, localDateOf } from "../domain/time.js";
import type { LocalDate } from "../domain/time.js";
import type { InvoiceCopy, Ports, ReportPeriod, RevenueGrouping } from "../ports/index.js";
import type { ReportQuery } from "../schemas/report-queries.js";
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
        paymentMethod: payment.kind === "cash" || payment.kind === "wallet" || payment.kind === "punch_card" ? payment.kind : "card",
      }),
    );
    return { pdf, payment };
  });

/**
 * The owner's period (DESIGN.md section 18): game dates, both ends included, the 30 days ending
 * today when none is named; refused when it runs backwards or passes three years.
 */
const reportPeriod = (ports: Pick<Ports, "clock">, query: ReportQuery) =>
  Effect.gen(function* () {
    const today = localDateOf(ports.clock.now(), ports.clock.timeZone);
    // only `to`: the 30 days ending then; only `from`: from then to today (or that one day, ahead of today)
    const from = (query.from as LocalDate | undefined) ?? defaultPeriod((query.to as LocalDate | undefined) ?? today).from;
    const to = (query.to as LocalDate | undefined) ?? (query.from === undefined ? today : maxDate(today, from));
    const problem = periodProblem(from, to);
    if (problem !== null) return yield* Effect.fail(new InvalidInput({ field: from > to ? "from" : "to", message: problem }));
    const period: ReportPeriod = { from, to, ...(query.venueId === undefined ? {} : { venueId: query.venueId }) };
    return period;
  });

const maxDate = (a: LocalDate, b: LocalDate): LocalDate => (a > b ? a : b);

/** Live bookings per weekday and hour of the period against its courts' hours. */
export const occupancyReport = (ports: Pick<Ports, "reports" | "clock">, actor: Actor, query: ReportQuery) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const period = yield* reportPeriod(ports, query);
    const { booked, courts } = yield* call(() => ports.reports.occupancy(period));
    return { period, cells: occupancyCells(booked, courts, period.from, period.to) };
  });

/** Revenue of the period's games by month, venue or court, with its total (the summary's figures). */
export const revenueReport = (ports: Pick<Ports, "reports" | "clock">, actor: Actor, query: ReportQuery & { readonly groupBy?: RevenueGrouping }) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const period = yield* reportPeriod(ports, query);
    const groupBy = query.groupBy ?? "month";
    const found = yield* call(() => ports.reports.revenue(period, groupBy));
    const rows = found.map((row) => ({
      ...row,
      label: groupBy === "month" ? monthYearWords(row.key) : (row.label ?? (groupBy === "venue" ? "Complejo eliminado" : "Cancha eliminada")),
    }));
    return { period, groupBy, rows, total: sumFigures(rows) };
  });

/** Players listed in the summary: who owes most, who books most. */
export const SUMMARY_LIMITS = { outstanding: 20, topPlayers: 10 } as const;

export const reportSummary = (ports: Pick<Ports, "reports" | "clock">, actor: Actor, query: ReportQuery) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const period = yield* reportPeriod(ports, query);
    const summary = yield* call(() => ports.reports.summary(period, SUMMARY_LIMITS));
    return { period, ...summary };
  });
