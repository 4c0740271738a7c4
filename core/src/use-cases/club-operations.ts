import * as Effect from "effect/Effect";
import type { Block, BlockReason } from "../domain/blocks.js";
import { blockCovers, blockedSlotsOf, closesNoDayMessage, fallsOnWeekday, MAX_BLOCK_DAYS } from "../domain/blocks.js";
import type { Booking } from "../domain/booking.js";
import { newBooking, paymentStatusOf, remainingOf } from "../domain/booking.js";
import type { Court } from "../domain/entities.js";
import { cashIntentId, isAvailable, paidFor, pendingPayment } from "../domain/entities.js";
import {
  BlockConflicts,
  BlockNotFound,
  BookingFullyPaid,
  BookingNotActive,
  CourtUnavailable,
  InvalidInput,
  SeriesNotFound,
  UserNotFound,
} from "../domain/errors.js";
import { eventKeyOf, recordedPaymentEvents, type DomainEvent } from "../domain/events.js";
import { dayMonthWords } from "../domain/date-words.js";
import { asSeenAt } from "../domain/hold.js";
import { memberPrices } from "../domain/memberships.js";
import { displayMoney } from "../domain/money.js";
import { SLOTS } from "../domain/slots.js";
import { addDays, instantOf, localDateOf, monthRange, type LocalDate } from "../domain/time.js";
import type { BookingWithCourt, ClosedBooking, CourtAvailability, Ports, Refund, ScheduledBooking } from "../ports/index.js";
import { sendRefundsNow } from "../ledger/refunds.js";
import type { BookingSeriesBody, CashPaymentBody, CreateBlockBody, ScheduleQuery, SeriesCancellationBody } from "../schemas/club-operations.js";
import type { DateQuery, MonthQuery } from "../schemas/requests.js";
import { cancelBooking } from "./cancel-booking.js";
import { abandonPayment, settleOrCancelIntent } from "./payments.js";
import { blockReasonFor, bookingNotFound, bookingStarted, courtNotFound, venueNotFound } from "./lookups.js";
import type { Actor } from "./support.js";
import { call, callOr, requireAdmin } from "./support.js";

/**
 * Club operations (DESIGN.md section 10): blocks and closures, fixed weekly series, cash at the
 * desk, the day's schedule. The database keeps every booking out of every block; these use cases
 * decide, ask and report.
 */

export const blockNotFound = () => new BlockNotFound({ message: "Bloqueo no encontrado" });

/** What a cancelled booking says about the closure that cancelled it. */
export const closureReasonText = (reason: BlockReason, note: string | null): string =>
  `Cierre del club: ${reason}${note ? ` (${note})` : ""}`;

/**
 * GET /api/courts/{id}/bookings: the catalogue's booked slots plus the closed ones. Blocked slots
 * are in `bookedSlots` too (older clients disable them) and in `blockedSlots` with their reason.
 * A court that does not exist fails with CourtNotFound, thrown, as `run` throws a use case's
 * failure. No Effect, and no promise when the read model holds the day: this is the busiest read
 * of the app, answered from memory on most calls (`npm run bench`: the Effect cost about 7 us of
 * its ~110, and the promises of the call chain about a tenth of its time).
 */
export const courtDayWithBlocks = (ports: Pick<Ports, "catalog" | "clock">, courtId: string, query: DateQuery): AvailabilityAnswer | Promise<AvailabilityAnswer> => {
  const now = ports.clock.now();
  const kept = ports.catalog.keptCourtAvailability?.(courtId, query.date, now);
  return kept !== undefined ? availabilityAnswer(kept, courtId) : readCourtDay(ports, courtId, query.date, now);
};

const readCourtDay = async (ports: Pick<Ports, "catalog">, courtId: string, date: LocalDate, now: Date) => {
  const day = await ports.catalog.courtAvailability(courtId, date, now);
  if (day === undefined) throw courtNotFound();
  return availabilityAnswer(day, courtId);
};

/**
 * Answers built from the days a read model keeps in memory (the same object on each hit) are
 * built once, and stay the same object, so an adapter may keep their encoding beside them.
 */
const availabilityAnswers = new WeakMap<CourtAvailability, AvailabilityAnswer>();
const availabilityAnswer = (day: CourtAvailability, courtId: string) => {
  let answer = availabilityAnswers.get(day);
  if (answer === undefined) {
    answer = buildAvailabilityAnswer(day, courtId);
    availabilityAnswers.set(day, answer);
  }
  return answer;
};

type AvailabilityAnswer = ReturnType<typeof buildAvailabilityAnswer>;
const buildAvailabilityAnswer = (day: CourtAvailability, courtId: string) => {
  const blockedSlots = day.blocks.length === 0 ? [] : blockedSlotsOf(day.blocks, { id: courtId, venueId: day.venueId }, day.date);
  return {
    date: day.date,
    bookedSlots: blockedSlots.length === 0 ? day.bookedSlots : [...new Set([...day.bookedSlots, ...blockedSlots.map((b) => b.timeSlot)])].sort(),
    blockedSlots,
  };
};

/** Slots of a court closed on a date, for the availability answer. */
export const courtBlockedSlots = (ports: Pick<Ports, "blocks">, court: Pick<Court, "id" | "venueId">, date: string) =>
  Effect.map(call(() => ports.blocks.listForCourtOn(court.id, date)), (blocks) => blockedSlotsOf(blocks, court, date));

/** A booking a closure cancelled and what each of its payers gets back: the hook for telling them. */
export interface ClosureNotice {
  readonly booking: BookingWithCourt;
  /** each payer's refund as it is after the attempt to send it now (owed ones are retried by the sweep) */
  readonly refunds: readonly Refund[];
}

/**
 * Blocks a court or a venue. Over active bookings it answers BlockConflicts listing them, unless
 * `cancelConflicts`: then each is cancelled with a 100% refund to every payer, card or cash (whatever the
 * tier), open intents are abandoned, and the refunds are sent now (owed ones are retried by the
 * sweep). Repeating the request finds the same block and refunds nothing twice.
 *
 * `closed` lists every cancelled booking with its payers' refunds: whoever tells the payers
 * (the notifications of DESIGN.md section 9) reads it from here.
 */
export const createBlock = (
  ports: Pick<Ports, "blocks" | "courts" | "venues" | "payments" | "refunds" | "discountCodes" | "gateway" | "clock" | "ids" | "bookings" | "users" | "notifications" | "outbox">,
  actor: Actor,
  input: CreateBlockBody,
) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    let venueId: string;
    if (input.courtId !== undefined) {
      const courtId = input.courtId;
      const court = yield* callOr(() => ports.courts.findById(courtId), courtNotFound);
      venueId = court.venueId;
    } else {
      const id = input.venueId as string;
      const venue = yield* callOr(() => ports.venues.findById(id), venueNotFound);
      venueId = venue.id;
    }
    if (input.endDate < input.startDate)
      return yield* Effect.fail(new InvalidInput({ field: "endDate", message: "La fecha final no puede ser anterior a la inicial" }));
    if (addDays(input.startDate, MAX_BLOCK_DAYS - 1) < input.endDate)
      return yield* Effect.fail(new InvalidInput({ field: "endDate", message: `Un bloqueo puede durar hasta ${MAX_BLOCK_DAYS} días` }));
    const now = ports.clock.now();
    if (input.endDate < localDateOf(now, ports.clock.timeZone))
      return yield* Effect.fail(new InvalidInput({ field: "endDate", message: "No se puede bloquear una fecha pasada" }));
    // a block whose dates meet none of its weekdays would close nothing and still be listed as a closure
    if (input.weekdays && !fallsOnWeekday(input.startDate, input.endDate, input.weekdays))
      return yield* Effect.fail(new InvalidInput({ field: "weekdays", message: closesNoDayMessage(input.startDate, input.endDate, input.weekdays) }));

    const note = input.note && input.note.length > 0 ? input.note : null;
    const block: Block = {
      id: ports.ids.uuid(),
      venueId,
      courtId: input.courtId ?? null,
      startDate: input.startDate,
      endDate: input.endDate,
      // stored in the day's order, so the same request is recognised whatever order it listed them in
      timeSlots: input.timeSlots ? SLOTS.filter((s) => input.timeSlots?.includes(s)) : null,
      weekdays: input.weekdays ? [...input.weekdays].sort((a, b) => a - b) : null,
      reason: input.reason,
      note,
      createdAt: now,
    };
    // each player hears, in one message, every booking of theirs it cancelled, their full refund
    // and why (DESIGN.md sections 9 and 14): the closure's event's reaction
    const told = note ? `${block.reason} (${note})` : block.reason;
    const group = eventKeyOf({ type: "ClubClosed", blockId: block.id, bookingIds: [], reason: told });
    const outcome = yield* call(() =>
      ports.blocks.create(block, {
        cancelConflicts: input.cancelConflicts ?? false,
        at: now,
        cancellationReason: closureReasonText(block.reason, note),
        eventsOf: (booking) => [{ type: "BookingCancelled", bookingId: booking.id, by: "closure", reason: told, group }],
        closedEvents: (closed) => [{ type: "ClubClosed", blockId: block.id, bookingIds: closed.map((b) => b.id), reason: told }],
      }),
    );
    if (outcome.kind === "existing") return { block: outcome.block, created: false, closed: [] as ClosureNotice[] };
    if (outcome.kind === "conflicts") {
      const n = outcome.bookings.length;
      return yield* Effect.fail(
        new BlockConflicts({
          message:
            `${n === 1 ? "Hay 1 reserva activa" : `Hay ${n} reservas activas`} en ese horario. ` +
            "Para cerrar igualmente, confirma la cancelación con reembolso del 100% a cada pagador (cancelConflicts: true).",
          bookings: outcome.bookings.map((b) => ({
            id: b.id,
            date: b.date,
            timeSlot: b.timeSlot,
            courtId: b.courtId,
            courtName: b.court.name,
            courtNumber: b.court.courtNumber,
          })),
        }),
      );
    }
    const closed: ClosureNotice[] = [];
    for (const item of outcome.closed) closed.push(yield* settleClosedBooking(ports, item));
    return { block: outcome.block, created: true, closed };
  });

/** After a closure's commit: open intents abandoned, owed refunds sent (or left owed for the sweep). */
const settleClosedBooking = (ports: Pick<Ports, "payments" | "refunds" | "gateway" | "clock">, item: ClosedBooking) =>
  Effect.gen(function* () {
    for (const payment of yield* call(() => ports.payments.listByBooking(item.booking.id))) {
      if (payment.status === "pending") yield* abandonPayment(ports, payment);
    }
    const states = yield* sendRefundsNow(ports, item.refunds.map((r) => r.id));
    const refunds = item.refunds.map((r): Refund => ({ ...r, status: states.get(r.id) ?? r.status }));
    return { booking: item.booking, refunds } satisfies ClosureNotice;
  });

export const listBlocks = (ports: Pick<Ports, "blocks" | "venues" | "clock">, actor: Actor, venueId: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(() => ports.venues.findById(venueId), venueNotFound);
    return yield* call(() => ports.blocks.listByVenue(venueId, localDateOf(ports.clock.now(), ports.clock.timeZone)));
  });

/** Reopens what a block closed. Bookings a closure cancelled stay cancelled (their money went back). */
export const deleteBlock = (ports: Pick<Ports, "blocks">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(() => ports.blocks.delete(id), blockNotFound);
  });

/** The venue's blocks in a month, for its public calendar (no notes: those are the club's). */
export const venueMonthBlocks = (ports: Pick<Ports, "blocks" | "venues">, venueId: string, query: MonthQuery) =>
  Effect.gen(function* () {
    yield* callOr(() => ports.venues.findById(venueId), venueNotFound);
    const { from, to } = monthRange(query.year, query.month);
    return yield* call(() => ports.blocks.listForVenueBetween(venueId, from, to));
  });

// ---------------------------------------------------------------------------------------------
// fixed weekly bookings

export type SkipReason = "taken" | "blocked" | "past";
export interface SkippedWeek {
  readonly date: string;
  readonly reason: SkipReason;
  /** in Spanish, for the admin: 'Ocupado', 'Cerrado: Torneo', 'Fecha pasada' */
  readonly message: string;
}

/**
 * How far ahead a series may start. Admins are exempt from the venue's booking window (DESIGN.md
 * section 15), but not from the calendar: a year covers next season's fixed hours, and a typo
 * ('9999-12-31') is refused instead of becoming a player's bookings nobody will ever see.
 */
export const MAX_SERIES_LEAD_DAYS = 365;

/**
 * Books the same slot every week for a player: normal bookings (no hold), each refused or not by
 * the database like any other; taken, blocked or past weeks are skipped and listed.
 */
export const createBookingSeries = (
  ports: Pick<Ports, "blocks" | "bookings" | "courts" | "users" | "clock" | "ids" | "events" | "memberships">,
  actor: Actor,
  input: BookingSeriesBody,
) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const latestStart = addDays(localDateOf(ports.clock.now(), ports.clock.timeZone), MAX_SERIES_LEAD_DAYS);
    if (input.startDate > latestStart)
      return yield* Effect.fail(
        new InvalidInput({
          field: "startDate",
          message: `Una serie puede empezar como máximo ${MAX_SERIES_LEAD_DAYS} días después de hoy: elige una fecha hasta el ${dayMonthWords(latestStart)} de ${latestStart.slice(0, 4)}`,
        }),
      );
    const user = yield* callOr(() => ports.users.findById(input.userId), () => new UserNotFound({ message: "Jugador no encontrado" }));
    const court = yield* callOr(() => ports.courts.findById(input.courtId), courtNotFound);
    if (!isAvailable(court)) return yield* Effect.fail(new CourtUnavailable({ message: "La cancha no está disponible para reservas" }));

    const now = ports.clock.now();
    // every week already played: nothing would be booked, only an empty series kept
    const lastWeek = addDays(input.startDate, (input.weeks - 1) * 7);
    if (instantOf(lastWeek, input.timeSlot, ports.clock.timeZone).getTime() <= now.getTime())
      return yield* Effect.fail(
        new InvalidInput({ field: "startDate", message: "Todas las semanas de la serie ya pasaron: elige una fecha de inicio desde hoy" }),
      );
    const series = {
      id: ports.ids.uuid(),
      userId: user.id,
      courtId: court.id,
      timeSlot: input.timeSlot,
      gameType: input.gameType,
      startDate: input.startDate,
      weeks: input.weeks,
      createdAt: now,
    };
    yield* call(() => ports.blocks.insertSeries(series));
    // a member of the venue pays each week at the member's price ('Precio socio'), as a booking
    // made now does (DESIGN.md section 16)
    const member = yield* call(() => ports.memberships.activeFor(user.id, court.venueId, now));
    const priced = member ? { ...court, prices: memberPrices(court.prices, member.discountPercent) } : court;
    const created: Booking[] = [];
    const skipped: SkippedWeek[] = [];
    for (let week = 0; week < input.weeks; week++) {
      const date = addDays(input.startDate, week * 7);
      if (instantOf(date, input.timeSlot, ports.clock.timeZone).getTime() <= now.getTime()) {
        skipped.push({ date, reason: "past", message: "Fecha pasada" });
        continue;
      }
      const booking = newBooking({
        id: ports.ids.uuid(),
        userId: user.id,
        court: priced,
        date,
        timeSlot: input.timeSlot,
        gameType: input.gameType,
        createdAt: now,
        // a weekly series has no hold (DESIGN.md section 10) and no split deadline: the club collects it
        holdExpiresAt: null,
        shareDeadlineAt: null,
      });
      const saved = yield* call(() => ports.bookings.insert(booking));
      if (saved === "slot-taken") {
        skipped.push({ date, reason: "taken", message: "Ocupado" });
      } else if (saved === "slot-blocked") {
        const reason = yield* blockReasonFor(ports, court, date, input.timeSlot);
        skipped.push({ date, reason: "blocked", message: `Cerrado: ${reason}` });
      } else {
        yield* call(() => ports.blocks.addToSeries(series.id, saved.id));
        created.push(saved);
      }
    }
    // the player hears of it once, every week booked and every week skipped (DESIGN.md section 14)
    if (created.length > 0)
      yield* call(() =>
        ports.events.record(
          [{ type: "SeriesBooked", seriesId: series.id, bookingIds: created.map((b) => b.id), skipped: skipped.map(({ date, message }) => ({ date, message })) }],
          ports.clock.now(),
        ),
      );
    return { series, created, skipped };
  });

export const getBookingSeries = (ports: Pick<Ports, "blocks">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const series = yield* callOr(() => ports.blocks.findSeries(id), () => new SeriesNotFound({ message: "Serie de reservas no encontrada" }));
    const bookings = yield* call(() => ports.blocks.seriesBookings(id));
    return { series, bookings };
  });

/**
 * Cancels one occurrence of a series, or every occurrence still ahead: the club ends what it set
 * up, so what was paid for each (card or cash) is refunded in full, as for a closure, whatever
 * the tier of the moment. The player's own cancellation of a week keeps the tiers. `reason`, the
 * admin's, is kept on each booking and told to its players, in one message for all the weeks
 * (the SeriesCancelled event, recorded with each week's cancellation and kept once).
 */
export const cancelBookingSeries = (
  ports: Pick<
    Ports,
    "blocks" | "bookings" | "payments" | "refunds" | "shareLinks" | "gateway" | "discountCodes" | "clock" | "users" | "notifications" | "waitlist" | "catalog" | "courts" | "venues" | "outbox" | "ids"
  >,
  actor: Actor,
  id: string,
  bookingId?: string,
  input: SeriesCancellationBody = {},
) =>
  Effect.gen(function* () {
    const { bookings } = yield* getBookingSeries(ports, actor, id);
    const reason = input.reason && input.reason.length > 0 ? input.reason : null;
    const now = ports.clock.now();
    const targets = bookings.filter(
      (b) =>
        (bookingId === undefined || b.id === bookingId) &&
        b.status === "active" &&
        instantOf(b.date, b.timeSlot, ports.clock.timeZone).getTime() > now.getTime(),
    );
    if (bookingId !== undefined && targets.length === 0) {
      const asked = bookings.find((b) => b.id === bookingId);
      if (asked === undefined) return yield* Effect.fail(bookingNotFound());
      // still active, so left out because its game began: only a closure cancels it now
      if (asked.status === "active") return yield* Effect.fail(bookingStarted());
      return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));
    }
    const told: DomainEvent = { type: "SeriesCancelled", actionId: ports.ids.uuid(), seriesId: id, bookingIds: targets.map((b) => b.id), reason };
    const group = eventKeyOf(told);
    const cancellationReason = reason ? `Serie cancelada por el club: ${reason}` : "Serie cancelada por el club";
    const cancelled: string[] = [];
    for (const booking of targets) {
      const done = yield* Effect.either(cancelBooking(ports, actor, { bookingId: booking.id, cancellationReason }, { group, also: [told] }));
      if (done._tag === "Right") cancelled.push(booking.id);
    }
    return { cancelled };
  });

// ---------------------------------------------------------------------------------------------
// cash at the desk

/**
 * Records money taken at the club: a payment of kind `cash`, no card fee, up to what is still
 * unpaid, with the next invoice number of the same gapless sequence as card payments. A card
 * payment left open for more than the cash leaves unpaid could no longer apply: it is cancelled
 * at the provider first (settled instead if its money was already taken), so the player's
 * checkout opens a new one for what is left, never a charge refunded on arrival.
 */
export const recordCashPayment = (
  ports: Pick<Ports, "bookings" | "payments" | "refunds" | "clock" | "ids" | "shareLinks" | "gateway" | "discountCodes" | "users" | "notifications" | "outbox">,
  actor: Actor,
  bookingId: string,
  input: CashPaymentBody,
) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const booking = yield* callOr(() => ports.bookings.findById(bookingId), bookingNotFound);
    if (booking.status === "cancelled") return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));
    const remaining = remainingOf(booking);
    if (remaining <= 0) return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya está pagada por completo" }));
    if (input.amount > remaining)
      return yield* Effect.fail(
        new InvalidInput({ field: "amount", message: `El monto en efectivo no puede superar lo pendiente: ${displayMoney(remaining)}` }),
      );
    const leftAfter = remaining - input.amount;
    for (const open of yield* call(() => ports.payments.listByBooking(booking.id)))
      // what a payment covers of the booking is its amount before any code (the code's part is the club's)
      if (open.status === "pending" && open.kind !== "cash" && open.amount > leftAfter) yield* Effect.exit(settleOrCancelIntent(ports, open));
    const now = ports.clock.now();
    const id = ports.ids.uuid();
    const payment = pendingPayment({
      id,
      bookingId: booking.id,
      userId: booking.userId,
      kind: "cash",
      amount: input.amount,
      discount: 0,
      discountCode: null,
      discountCodeId: null,
      stripeFee: 0,
      netAmount: input.amount,
      stripePaymentIntentId: cashIntentId(id),
      shareToken: null,
      createdAt: now,
      ...paidFor(booking),
    });
    // the receipt is the event's reaction, as for a card, written in the order things happened
    const outcome = yield* call(() => ports.payments.recordCash(payment, now, recordedPaymentEvents));
    if (outcome.kind === "overpaid")
      return yield* Effect.fail(new InvalidInput({ field: "amount", message: "El monto en efectivo supera lo pendiente de la reserva" }));
    if (outcome.kind === "booking-gone") return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));
    if (outcome.kind !== "recorded") return yield* Effect.fail(bookingNotFound());
    const updated = yield* call(() => ports.bookings.findById(booking.id));
    return { payment: outcome.payment, booking: updated ?? booking };
  });

// ---------------------------------------------------------------------------------------------
// the day's schedule

export interface ScheduleCell {
  readonly timeSlot: string;
  readonly booking: (ScheduledBooking & { readonly paymentStatus: ReturnType<typeof paymentStatusOf> }) | null;
  readonly block: { readonly id: string; readonly reason: BlockReason; readonly note: string | null } | null;
}

/** Courts x 16 slots of a day: each cell its booking (player, paid state) or its block (reason). */
export const daySchedule = (ports: Pick<Ports, "blocks" | "venues" | "courts" | "clock">, actor: Actor, query: ScheduleQuery) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const venues = query.venueId === undefined ? yield* call(() => ports.venues.list()) : [yield* call(() => ports.venues.findById(query.venueId as string))];
    if (venues.some((v) => v === undefined)) return yield* Effect.fail(venueNotFound());
    const now = ports.clock.now();
    // as it stands now: a hold that ran out no longer holds its cell, swept or not (DESIGN.md section 8)
    const bookings = (yield* call(() => ports.blocks.dayBookings(query.date, query.venueId)))
      .map((b) => asSeenAt(b, now))
      .filter((b) => b.status !== "expired");
    const out = [];
    for (const venue of venues) {
      if (!venue) continue;
      const [courts, blocks] = yield* Effect.all([
        call(() => ports.courts.listByVenue(venue.id)),
        call(() => ports.blocks.listForVenueBetween(venue.id, query.date, query.date)),
      ]);
      out.push({
        id: venue.id,
        name: venue.name,
        courts: courts.map((court) => ({
          id: court.id,
          name: court.name,
          courtNumber: court.courtNumber,
          status: court.status,
          cells: SLOTS.map((slot): ScheduleCell => {
            const booking = bookings.find((b) => b.courtId === court.id && b.timeSlot === slot);
            const block = blocks.find((b) => blockCovers(b, court, query.date, slot));
            return {
              timeSlot: slot,
              booking: booking ? { ...booking, paymentStatus: paymentStatusOf(booking.paidAmount, booking.totalAmount) } : null,
              block: block ? { id: block.id, reason: block.reason, note: block.note } : null,
            };
          }),
        })),
      });
    }
    return { date: query.date, venues: out };
  });
