import * as Effect from "effect/Effect";
import { displayName } from "../domain/account.js";
import type { Booking } from "../domain/booking.js";
import type { Payment } from "../domain/entities.js";
import { chargedOf } from "../domain/entities.js";
import type { Cents } from "../domain/money.js";
import type { SkippedDate } from "../domain/events.js";
import type { BookingFacts, ClaimedMessage, ClubAction, Notice, PaidWay, TouchedBooking } from "../domain/notices.js";
import { REMINDER_LEAD_MS, retryDelayMs } from "../domain/notices.js";
import { PLAYERS } from "../domain/pricing.js";
import { refundAmount } from "../domain/refund.js";
import { addDays, HOUR_MS, localDateOf } from "../domain/time.js";
import type { BookingWithCourt } from "../ports/booking-repository.js";
import type { Ports } from "../ports/index.js";
import type { Mailer, PayerInfo } from "../ports/notifications.js";
import { bookingStart } from "./lookups.js";
import { call } from "./support.js";

/*
 * The producers of DESIGN.md section 9, run by the reactions to the events use cases record
 * (reactions.ts). Each writes its messages to the outbox with an event key that names the event,
 * so running it again (a reaction retried after a crash, a second sweeper) writes nothing new: a
 * message is never lost and never doubled.
 */

type OutboxPorts = Pick<Ports, "outbox" | "ids" | "clock">;

export const factsOf = (booking: Pick<BookingWithCourt, "id" | "date" | "timeSlot" | "gameType" | "court">, timeZone: string): BookingFacts => {
  const start = bookingStart(booking, timeZone);
  return {
    bookingId: booking.id,
    venueName: booking.court.venueName,
    courtName: booking.court.name,
    courtNumber: booking.court.courtNumber,
    date: booking.date,
    timeSlot: booking.timeSlot,
    gameType: booking.gameType,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + HOUR_MS).toISOString(),
  };
};

const factsOfPayment = (payment: Payment, timeZone: string): BookingFacts =>
  factsOf(
    {
      id: payment.bookingId,
      date: payment.bookingDate,
      timeSlot: payment.timeSlot,
      gameType: payment.gameType,
      court: { id: "", name: payment.courtName, courtNumber: payment.courtNumber, venueId: "", venueName: payment.venueName },
    },
    timeZone,
  );

/** Writes one message; true when it is new. */
export const enqueueNotice = (ports: OutboxPorts, eventKey: string, to: string, notice: Notice) =>
  call(() => ports.outbox.enqueue({ id: ports.ids.uuid(), eventKey, to, notice, createdAt: ports.clock.now() }));

interface Person {
  readonly name: string;
  readonly email: string | null;
  /** a registered player (their reminder switch applies), or a guest */
  readonly userId: string | null;
}

/** The person behind a payment: the account, or what a guest typed on /shared-payment. */
const payerOf = (ports: Pick<Ports, "users">, payment: Payment, info: PayerInfo | undefined) =>
  Effect.gen(function* () {
    const user = yield* call(() => ports.users.findById(payment.userId));
    if (user) return { name: displayName(user), email: user.email, userId: user.id } satisfies Person;
    return { name: info?.name ?? "Un participante", email: info?.email ?? null, userId: null } satisfies Person;
  });

const organiserOf = (ports: Pick<Ports, "users">, booking: Pick<Booking, "userId">) =>
  Effect.gen(function* () {
    const user = yield* call(() => ports.users.findById(booking.userId));
    return user ? ({ name: displayName(user), email: user.email, userId: user.id } satisfies Person) : undefined;
  });

/** Where a person's mail goes: none for a walk-in the desk added without an email (""), nor for a guest who gave none. */
const mailboxOf = (person: Pick<Person, "email">): string | null => (person.email && person.email.trim() !== "" ? person.email : null);

/** "partial" is the organiser's own share of a split hour, as "shared" is another payer's. */
const WAY: Record<Payment["kind"], PaidWay> = { full: "card", partial: "share", shared: "share", cash: "cash", remainder: "remainder", wallet: "wallet", punch_card: "punch_card" };

/** What the cards (and the desk) took for a booking, after codes: the price is not what a player with a code paid. */
const paidFor = (ports: Pick<Ports, "payments">, bookingId: string) =>
  Effect.map(call(() => ports.payments.listByBooking(bookingId)), (payments) =>
    payments.filter((p) => p.paidAt !== null && p.status !== "failed").reduce((sum, p) => sum + chargedOf(p), 0),
  );

/**
 * A payment was recorded: its payer gets one message (DESIGN.md section 14), receipt and, when
 * this payment completed the booking (`completed`, from the event), its confirmation with the
 * calendar file. For a share paid through the link, the organiser learns who paid and how many had
 * then (`counts`, from the event); when that share was the last, the same message confirms the
 * booking, so the organiser too gets one message for that moment. Keyed by the payment as the
 * receipt was, so an event half-run before this merge writes nothing twice. Idempotent.
 */
export const enqueuePaymentNotices = (
  ports: Pick<Ports, "bookings" | "payments" | "users" | "shareLinks" | "notifications" | "outbox" | "ids" | "clock">,
  payment: Payment,
  counts: { readonly paidCount: number | null; readonly totalCount: number | null; readonly completed?: boolean } = { paidCount: null, totalCount: null },
) =>
  Effect.gen(function* () {
    const tz = ports.clock.timeZone;
    const info = (yield* call(() => ports.notifications.payers([payment.id]))).get(payment.id);
    const payer = yield* payerOf(ports, payment, info);
    const booking = yield* call(() => ports.bookings.findById(payment.bookingId));
    const facts = booking ? factsOf(booking, tz) : factsOfPayment(payment, tz);
    const confirmed = booking !== undefined && counts.completed === true;
    const paid = confirmed ? yield* paidFor(ports, payment.bookingId) : 0;
    let written = 0;
    const payerMailbox = mailboxOf(payer);
    if (payerMailbox !== null) {
      const notice: Notice = {
        kind: "payment",
        name: payer.name,
        booking: facts,
        paymentId: payment.id,
        way: WAY[payment.kind],
        charged: chargedOf(payment),
        invoiceNumber: payment.invoiceNumber,
        confirmed,
        paid,
        ...(payer.userId === null ? { guest: true as const } : {}),
      };
      if (yield* enqueueNotice(ports, `receipt:${payment.id}`, payerMailbox, notice)) written++;
    }
    if (!booking) return written;
    const organiser = yield* organiserOf(ports, booking);
    const organiserMailbox = organiser ? mailboxOf(organiser) : null;
    // the organiser paid, or typed their own mailbox as a guest: the payer's message said it all
    if (!organiser || organiserMailbox === null || payer.userId === organiser.userId) return written;
    if (payerMailbox !== null && payerMailbox.toLowerCase() === organiserMailbox.toLowerCase()) return written;
    if (payment.kind === "shared") {
      const totalCount = counts.totalCount ?? PLAYERS[booking.gameType];
      const paidCount = Math.min(counts.paidCount ?? 1, totalCount);
      const notice: Notice = {
        kind: "share-paid",
        name: organiser.name,
        booking: facts,
        payerName: payer.name,
        paidCount,
        totalCount,
        charged: chargedOf(payment),
        ...(confirmed ? { confirmed: true as const, paid } : {}),
      };
      if (yield* enqueueNotice(ports, `share-paid:${payment.id}`, organiserMailbox, notice)) written++;
    } else if (confirmed) {
      // someone else completed the booking by another way: the organiser still hears it is confirmed, once
      const notice: Notice = { kind: "booking-confirmed", name: organiser.name, booking: facts, total: booking.totalAmount, paid };
      if (yield* enqueueNotice(ports, `confirmed:${booking.id}`, organiserMailbox, notice)) written++;
    }
    return written;
  });

/**
 * The booking was paid in full, as an event recorded before one message per payment says it: its
 * organiser gets the confirmation with the calendar file. Idempotent.
 */
export const enqueueBookingConfirmed = (ports: Pick<Ports, "bookings" | "payments" | "users" | "outbox" | "ids" | "clock">, bookingId: string) =>
  Effect.gen(function* () {
    const booking = yield* call(() => ports.bookings.findById(bookingId));
    const organiser = booking ? yield* organiserOf(ports, booking) : undefined;
    if (!booking || !organiser?.email) return 0;
    const paid = yield* paidFor(ports, booking.id);
    const notice: Notice = { kind: "booking-confirmed", name: organiser.name, booking: factsOf(booking, ports.clock.timeZone), total: booking.totalAmount, paid };
    return (yield* enqueueNotice(ports, `confirmed:${booking.id}`, organiser.email, notice)) ? 1 : 0;
  });

/** Everyone with an email who paid for the booking, with what each paid and got back. */
const payersOfBooking = (ports: Pick<Ports, "payments" | "users" | "notifications">, bookingId: string) =>
  Effect.gen(function* () {
    const payments = (yield* call(() => ports.payments.listByBooking(bookingId))).filter((p) => p.paidAt !== null);
    const infos = yield* call(() => ports.notifications.payers(payments.map((p) => p.id)));
    const out: { person: Person; payment: Payment }[] = [];
    for (const payment of payments) out.push({ person: yield* payerOf(ports, payment, infos.get(payment.id)), payment });
    return out;
  });

/**
 * Tells each payer of a cancelled booking (and its organiser) what they get back: one message
 * per person with all their payments' refunds together (four cash payments at the desk are one
 * refund), saying how much of it the club hands back in cash. `kind` "closure" is the club's
 * rain-out (section 10).
 */
const enqueueRefundNotices = (
  ports: Pick<Ports, "bookings" | "payments" | "users" | "notifications" | "outbox" | "ids" | "clock">,
  bookingId: string,
  make: (name: string, facts: BookingFacts, refund: Cents, cash: Cents, paid: Cents, wallet: Cents) => Notice,
  keyPrefix: string,
  refundOf: (payment: Payment) => Cents,
) =>
  Effect.gen(function* () {
    const booking = yield* call(() => ports.bookings.findById(bookingId));
    if (!booking) return 0;
    const facts = factsOf(booking, ports.clock.timeZone);
    // by person (their email and name), in the payments' order: the first payment of each names the
    // message. Two friends who typed one email get a message each, with their own name and money.
    const people = new Map<string, { person: Person; firstPaymentId: string; refund: Cents; cash: Cents; paid: Cents; wallet: Cents }>();
    for (const { person, payment } of yield* payersOfBooking(ports, bookingId)) {
      const mailbox = mailboxOf(person);
      if (mailbox === null) continue;
      const refund = refundOf(payment);
      const cash = payment.kind === "cash" ? refund : 0;
      const wallet = payment.kind === "wallet" ? refund : 0;
      const paid = chargedOf(payment);
      const key = `${mailbox.toLowerCase()}\u0000${person.name}`;
      const seen = people.get(key);
      if (seen) people.set(key, { ...seen, refund: seen.refund + refund, cash: seen.cash + cash, paid: seen.paid + paid, wallet: seen.wallet + wallet });
      else people.set(key, { person, firstPaymentId: payment.id, refund, cash, paid, wallet });
    }
    let written = 0;
    for (const { person, firstPaymentId, refund, cash, paid, wallet } of people.values())
      if (yield* enqueueNotice(ports, `${keyPrefix}:${bookingId}:${firstPaymentId}`, person.email as string, make(person.name, facts, refund, cash, paid, wallet))) written++;
    const organiser = yield* organiserOf(ports, booking);
    const mailed = new Set([...people.values()].map(({ person }) => person.email?.toLowerCase()));
    if (organiser && mailboxOf(organiser) !== null && !mailed.has(organiser.email?.toLowerCase()))
      if (yield* enqueueNotice(ports, `${keyPrefix}:${bookingId}:organiser`, organiser.email, make(organiser.name, facts, 0, 0, 0, 0))) written++;
    return written;
  });

export const enqueueCancellationNotices = (
  ports: Pick<Ports, "bookings" | "payments" | "users" | "notifications" | "outbox" | "ids" | "clock">,
  bookingId: string,
) =>
  Effect.gen(function* () {
    const booking = yield* call(() => ports.bookings.findById(bookingId));
    const percentage = booking?.refundPercentage ?? 0;
    // What the tier gives back, whether the provider has confirmed the refund yet or the sweep
    // still owes it: the payer learns the amount at once.
    const refundOf = (p: Payment) => Math.min(chargedOf(p), Math.max(p.refundedAmount, refundAmount(chargedOf(p), percentage)));
    return yield* enqueueRefundNotices(
      ports,
      bookingId,
      (name, facts, refund, cash, paid, wallet) => ({ kind: "cancellation", name, booking: facts, refund, refundPercentage: percentage, cash, paid, ...(wallet > 0 ? { wallet } : {}) }),
      "cancelled",
      refundOf,
    );
  });

/** Section 10's closure: after the booking is cancelled and its refunds recorded. A closure gives back everything, whatever the tier. */
export const enqueueClosureNotice = (
  ports: Pick<Ports, "bookings" | "payments" | "users" | "notifications" | "outbox" | "ids" | "clock">,
  bookingId: string,
  reason: string,
) => enqueueRefundNotices(ports, bookingId, (name, facts, refund, cash, _paid, wallet) => ({ kind: "closure", name, booking: facts, refund, reason, cash, ...(wallet > 0 ? { wallet } : {}) }), "closure", chargedOf);

/** What a club action did, as its event says it (reactions.ts). */
export interface ClubActionFacts {
  readonly action: ClubAction;
  /** the event's key: with each person's mailbox and name, the key of their one message */
  readonly eventKey: string;
  readonly bookingIds: readonly string[];
  readonly reason: string | null;
  readonly skipped?: readonly SkippedDate[];
  /** when the event was recorded: a series still being cancelled is waited for, not forever */
  readonly recordedAt?: Date;
}

/**
 * How long a series' cancellation is waited for before its players are told of the weeks it did
 * cancel: a request that stopped partway (a restart) leaves the rest active, and those who were
 * refunded must still hear of it.
 */
export const SERIES_SETTLE_MS = 30 * 60_000;

/**
 * A club action (a series booked for a player, a series ended, a closure) tells each person it
 * touched once (DESIGN.md section 14): the booking's player, and for a cancellation every payer
 * too, by mailbox and name as the other refund messages group them, with every booking of theirs
 * it touched and what each gives back (what the tier of the cancelled booking, 100% for the club's
 * actions, gives of what they paid, or what was already sent if more). People without a mailbox
 * (a walk-in without email) get nothing. Idempotent.
 *
 * A series' weeks are cancelled one transaction each, and its event commits with the first: while
 * a week it lists is still active and ahead, the cancelling request is still running, so this
 * fails and the sweep runs it again on its next pass, once every week is settled, or once
 * SERIES_SETTLE_MS have passed (the request stopped partway): then it tells the weeks cancelled.
 */
export const enqueueClubActionNotices = (
  ports: Pick<Ports, "bookings" | "payments" | "users" | "notifications" | "outbox" | "ids" | "clock">,
  facts: ClubActionFacts,
) =>
  Effect.gen(function* () {
    const tz = ports.clock.timeZone;
    const now = ports.clock.now();
    const bookings: BookingWithCourt[] = [];
    for (const id of facts.bookingIds) {
      const booking = yield* call(() => ports.bookings.findById(id));
      if (booking) bookings.push(booking);
    }
    const cancelling = facts.action !== "series-booked";
    const settling = facts.recordedAt === undefined || now.getTime() - facts.recordedAt.getTime() < SERIES_SETTLE_MS;
    if (cancelling && settling && bookings.some((b) => b.status === "active" && bookingStart(b, tz).getTime() > now.getTime()))
      return yield* Effect.die(new Error("la serie aún se está cancelando: se avisa en el siguiente barrido"));
    bookings.sort((a, b) => (a.date === b.date ? a.timeSlot.localeCompare(b.timeSlot) : a.date.localeCompare(b.date)));
    // a week the series could not end (it began meanwhile) is not told as cancelled
    const touched = cancelling ? bookings.filter((b) => b.status === "cancelled") : bookings;

    const people = new Map<string, { person: Person; mailbox: string; touched: Map<string, TouchedBooking> }>();
    const touch = (person: Person, booking: BookingWithCourt, refund: Cents, cash: Cents, wallet: Cents = 0) => {
      const mailbox = mailboxOf(person);
      if (mailbox === null) return;
      const key = `${mailbox.toLowerCase()}\u0000${person.name}`;
      const entry = people.get(key) ?? { person, mailbox, touched: new Map<string, TouchedBooking>() };
      const seen = entry.touched.get(booking.id);
      entry.touched.set(booking.id, {
        booking: seen?.booking ?? factsOf(booking, tz),
        refund: (seen?.refund ?? 0) + refund,
        cash: (seen?.cash ?? 0) + cash,
        ...((seen?.wallet ?? 0) + wallet > 0 ? { wallet: (seen?.wallet ?? 0) + wallet } : {}),
      });
      people.set(key, entry);
    };
    for (const booking of touched) {
      const organiser = yield* organiserOf(ports, booking);
      const mailed = new Set<string>();
      if (cancelling) {
        const percentage = booking.refundPercentage ?? 100;
        for (const { person, payment } of yield* payersOfBooking(ports, booking.id)) {
          const charged = chargedOf(payment);
          const refund = Math.min(charged, Math.max(payment.refundedAmount, refundAmount(charged, percentage)));
          touch(person, booking, refund, payment.kind === "cash" ? refund : 0, payment.kind === "wallet" ? refund : 0);
          const mailbox = mailboxOf(person);
          if (mailbox !== null) mailed.add(mailbox.toLowerCase());
        }
      }
      // the booking's player hears of it even with nothing paid, unless their mailbox already did
      if (organiser && !mailed.has(mailboxOf(organiser)?.toLowerCase() ?? "")) touch(organiser, booking, 0, 0);
    }
    let written = 0;
    for (const { person, mailbox, touched } of people.values()) {
      const notice: Notice = {
        kind: "club-action",
        name: person.name,
        action: facts.action,
        reason: facts.reason,
        bookings: [...touched.values()],
        skipped: facts.action === "series-booked" ? (facts.skipped ?? []) : [],
      };
      if (yield* enqueueNotice(ports, `club:${facts.eventKey}:${mailbox.toLowerCase()}:${person.name}`, mailbox, notice)) written++;
    }
    return written;
  });

/** Section 8: the unpaid hold ran out; the organiser is told (the freed slot is the waitlist's). */
export const enqueueHoldExpired = (ports: Pick<Ports, "bookings" | "users" | "outbox" | "ids" | "clock">, bookingId: string) =>
  Effect.gen(function* () {
    const booking = yield* call(() => ports.bookings.findById(bookingId));
    const organiser = booking ? yield* organiserOf(ports, booking) : undefined;
    if (!booking || !organiser?.email) return 0;
    const notice: Notice = { kind: "hold-expired", name: organiser.name, booking: factsOf(booking, ports.clock.timeZone), courtId: booking.courtId };
    return (yield* enqueueNotice(ports, `hold-expired:${bookingId}`, organiser.email, notice)) ? 1 : 0;
  });

/** Section 8: the remainder was charged off-session to the organiser's saved card. */
export const enqueueRemainderCharged = (
  ports: Pick<Ports, "bookings" | "users" | "outbox" | "ids" | "clock">,
  bookingId: string,
  amount: Cents,
  paymentId: string | null,
) =>
  Effect.gen(function* () {
    const booking = yield* call(() => ports.bookings.findById(bookingId));
    const organiser = booking ? yield* organiserOf(ports, booking) : undefined;
    if (!booking || !organiser?.email) return 0;
    const notice: Notice = { kind: "remainder-charged", name: organiser.name, booking: factsOf(booking, ports.clock.timeZone), amount, paymentId };
    return (yield* enqueueNotice(ports, `remainder:${bookingId}`, organiser.email, notice)) ? 1 : 0;
  });

/** Section 8: the remainder could not be charged; the organiser owes it. */
export const enqueueBalanceDue = (
  ports: Pick<Ports, "bookings" | "users" | "outbox" | "ids" | "clock">,
  bookingId: string,
  amount: Cents,
) =>
  Effect.gen(function* () {
    const booking = yield* call(() => ports.bookings.findById(bookingId));
    const organiser = booking ? yield* organiserOf(ports, booking) : undefined;
    if (!booking || !organiser?.email) return 0;
    const notice: Notice = { kind: "balance-due", name: organiser.name, booking: factsOf(booking, ports.clock.timeZone), amount };
    return (yield* enqueueNotice(ports, `balance-due:${bookingId}`, organiser.email, notice)) ? 1 : 0;
  });

/**
 * The slot (court, date, slot) is free again: everyone waiting for it gets one message with a
 * link to book it. Written first, marked after: a crash in between writes nothing twice (the
 * event key) and loses nothing (the entry is still open for the next call).
 */
export const notifyWaitlist = (
  ports: Pick<Ports, "waitlist" | "users" | "bookings" | "catalog" | "courts" | "venues" | "outbox" | "ids" | "clock">,
  courtId: string,
  date: Booking["date"],
  timeSlot: Booking["timeSlot"],
) =>
  Effect.gen(function* () {
    const waiting = yield* call(() => ports.waitlist.listOpenForSlot(courtId, date, timeSlot));
    if (waiting.length === 0) return 0;
    const day = yield* call(() => ports.catalog.courtDay(courtId, date));
    if (!day || day.bookedSlots.includes(timeSlot)) return 0;
    const now = ports.clock.now();
    if (bookingStart({ date, timeSlot }, ports.clock.timeZone).getTime() <= now.getTime()) return 0;
    const court = yield* courtFacts(ports, courtId, date, timeSlot);
    if (!court) return 0;
    let written = 0;
    for (const entry of waiting) {
      const user = yield* call(() => ports.users.findById(entry.userId));
      if (user) {
        const notice: Notice = { kind: "slot-freed", name: displayName(user), booking: court, courtId };
        if (yield* enqueueNotice(ports, `waitlist:${entry.id}`, user.email, notice)) written++;
      }
      yield* call(() => ports.waitlist.markNotified(entry.id, now));
    }
    return written;
  });

/** Facts of a slot that has no booking. */
const courtFacts = (ports: Pick<Ports, "courts" | "venues" | "clock">, courtId: string, date: Booking["date"], timeSlot: Booking["timeSlot"]) =>
  Effect.gen(function* () {
    const court = yield* call(() => ports.courts.findById(courtId));
    if (!court) return undefined;
    const venue = yield* call(() => ports.venues.findById(court.venueId));
    return factsOf(
      { id: "", date, timeSlot, gameType: "singles", court: { id: court.id, name: court.name, courtNumber: court.courtNumber, venueId: court.venueId, venueName: venue?.name ?? "" } },
      ports.clock.timeZone,
    );
  });

/**
 * Sweep step: bookings starting within 24 h get their reminder, once. The messages are written
 * (idempotent by event key) before the booking is marked, so three sweepers at once, or a crash
 * between the two, still give every person exactly one reminder.
 */
export const enqueueReminders = (
  ports: Pick<Ports, "bookings" | "payments" | "users" | "notifications" | "outbox" | "ids" | "clock">,
) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const tz = ports.clock.timeZone;
    const today = localDateOf(now, tz);
    const ids = yield* call(() => ports.notifications.bookingsAwaitingReminder([today, addDays(today, 1), addDays(today, 2)]));
    let written = 0;
    for (const id of ids) {
      const booking = yield* call(() => ports.bookings.findById(id));
      if (!booking) continue;
      const start = bookingStart(booking, tz).getTime();
      if (start - now.getTime() > REMINDER_LEAD_MS) continue;
      // A booking made within the last 24 h just got its confirmation, and one already started
      // needs no reminder: marked without a message.
      const useful = start > now.getTime() && booking.createdAt.getTime() < start - REMINDER_LEAD_MS && booking.status !== "cancelled";
      if (useful) {
        const facts = factsOf(booking, tz);
        // one reminder per mailbox; an account's (its name, its switch) before a guest's who typed the same email
        const people = new Map<string, Person>();
        const organiser = yield* organiserOf(ports, booking);
        // a walk-in without an email ("") has no mailbox: no reminder
        if (organiser && mailboxOf(organiser) !== null) people.set((organiser.email as string).toLowerCase(), organiser);
        for (const { person, payment } of yield* payersOfBooking(ports, booking.id)) {
          const mailbox = mailboxOf(person)?.toLowerCase();
          if (mailbox === undefined || payment.status !== "succeeded") continue;
          if (!people.has(mailbox) || (people.get(mailbox)?.userId === null && person.userId !== null)) people.set(mailbox, person);
        }
        for (const [email, person] of people) {
          if (person.userId !== null && !(yield* call(() => ports.notifications.settings(person.userId as string))).remindersEnabled) continue;
          if (yield* enqueueNotice(ports, `reminder:${booking.id}:${email}`, person.email as string, { kind: "reminder", name: person.name, booking: facts, ...(person.userId === null ? { guest: true as const } : {}) }))
            written++;
        }
      }
      yield* call(() => ports.notifications.markReminded(booking.id, now));
    }
    return written;
  });

export interface DeliveryOptions {
  /** the first retry waits this long, each next one twice as long (at most an hour) */
  readonly retryBaseMs: number;
  /** a claimed message not settled within this is claimed again (a process died mid-send) */
  readonly leaseMs: number;
  readonly batch: number;
}

/**
 * Sent messages are kept this long (to look into a complaint), then deleted, so the outbox does
 * not grow with history. Their event keys go too: no producer looks that far back (the catch-up
 * window is 48 h, reminders 24 h).
 */
export const OUTBOX_KEEP_DAYS = 30;

/** Sweep step: sends what is due in the outbox; a failure waits for its retry, a refusal is kept as failed. */
export const deliverOutbox = (ports: Pick<Ports, "outbox" | "clock">, mailer: Mailer, options: DeliveryOptions) =>
  Effect.gen(function* () {
    yield* call(() => ports.outbox.pruneSent(new Date(ports.clock.now().getTime() - OUTBOX_KEEP_DAYS * 24 * HOUR_MS)));
    let sent = 0;
    for (;;) {
      const now = ports.clock.now();
      const claimed: ClaimedMessage[] = yield* call(() => ports.outbox.claim(now, new Date(now.getTime() + options.leaseMs), options.batch));
      for (const message of claimed) {
        const result = yield* call(() => mailer.send(message));
        if (result.ok) {
          yield* call(() => ports.outbox.markSent(message.id, ports.clock.now()));
          sent++;
        } else if (result.permanent) {
          yield* call(() => ports.outbox.markFailed(message.id, result.error));
        } else {
          // the server is down: the rest of the batch would fail the same way, so it waits too
          const next = new Date(ports.clock.now().getTime() + retryDelayMs(message.attempts, options.retryBaseMs));
          for (const waiting of claimed.slice(claimed.indexOf(message)))
            yield* call(() => ports.outbox.retryLater(waiting.id, next, result.error));
          return sent;
        }
      }
      if (claimed.length < options.batch) return sent;
    }
  });
