import * as Effect from "effect/Effect";
import { PLAYERS } from "../domain/pricing.js";
import { BookingFullyPaid, BookingNotActive, InvalidInput, ShareLinkExpired, ShareLinkFull, ShareLinkNotFound, SlotInPast } from "../domain/errors.js";
import { isExpired, isFull, LINK_UNUSABLE, shareLinkExpiry } from "../domain/share-link.js";
import type { ShareLink } from "../domain/share-link.js";
import { remainingOf, type Booking } from "../domain/booking.js";
import { shareAt } from "../domain/shares.js";
import type { Ports } from "../ports/index.js";
import type { ShareLinkBody } from "../schemas/requests.js";
import { isPastShareDeadline } from "../domain/hold.js";
import { bookingNotFound, bookingStart, getBooking } from "./lookups.js";
import { checkPayable } from "./payability.js";
import type { Actor } from "./support.js";
import { call, callOr } from "./support.js";

const expired = () => new ShareLinkExpired({ message: "Link Expirado: contacta al organizador de la reserva" });

/** Why a link no longer takes payments, when it is the booking's doing: a new link would not help. */
const unusableFor = (booking: Pick<Booking, "status" | "shareDeadlineAt">, now: Date): ShareLinkExpired | null => {
  if (booking.status === "cancelled") return new ShareLinkExpired({ message: LINK_UNUSABLE.cancelled.message });
  if (booking.status === "expired") return new ShareLinkExpired({ message: LINK_UNUSABLE.expired.message });
  if (isPastShareDeadline(booking, now)) return new ShareLinkExpired({ message: LINK_UNUSABLE.deadline.message });
  return null;
};
const notFound = () => new ShareLinkNotFound({ message: "Link de pago no encontrado" });

/**
 * A link that can still take a payment for this booking. When the booking itself no longer takes
 * shares (cancelled, run out, past its split deadline) that is the answer, as the link's page
 * says it: "Link Expirado: contacta al organizador" would send the payer to someone who cannot
 * help. `known`: the booking `bookingId` names, when the caller has it already.
 */
export const usableShareLink = (ports: Pick<Ports, "shareLinks" | "bookings" | "clock">, token: string, bookingId: string, known?: Booking) =>
  Effect.gen(function* () {
    const link = yield* call(() => ports.shareLinks.findByToken(token));
    if (!link || link.bookingId !== bookingId) return yield* Effect.fail(notFound());
    const now = ports.clock.now();
    // a caller that has just read the booking (opening a card intent) passes it: one read, not two
    const booking = known ?? (yield* call(() => ports.bookings.findById(bookingId)));
    const unusable = booking ? unusableFor(booking, now) : null;
    if (unusable) return yield* Effect.fail(unusable);
    if (isExpired(link, now)) return yield* Effect.fail(expired());
    if (isFull(link)) return yield* Effect.fail(new ShareLinkFull({ message: "Reserva Completa" }));
    return link;
  });

/**
 * The organiser shares the booking so each player pays a share. The link counts the shares
 * already paid (the organiser's included) and expires at the earlier of 48 h and the start.
 */
export const createShareLink = (
  ports: Pick<Ports, "bookings" | "shareLinks" | "payments" | "clock" | "ids">,
  actor: Actor,
  input: ShareLinkBody,
) =>
  Effect.gen(function* () {
    const booking = yield* getBooking(ports, actor, input.bookingId);
    if (booking.status === "cancelled") return yield* Effect.fail(new BookingNotActive({ message: "La reserva fue cancelada" }));
    const players = PLAYERS[booking.gameType];
    if (input.maxParticipants !== players)
      return yield* Effect.fail(
        new InvalidInput({
          field: "maxParticipants",
          message: `El campo 'maxParticipants' debe ser ${players} para ${booking.gameType === "singles" ? "singles" : "dobles"}`,
        }),
      );
    if (remainingOf(booking) === 0) return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya está pagada por completo" }));
    const now = ports.clock.now();
    const start = bookingStart(booking, ports.clock.timeZone);
    if (start.getTime() <= now.getTime()) return yield* Effect.fail(new SlotInPast({ message: "La reserva ya comenzó" }));
    yield* checkPayable(ports, booking, "shared");

    const existing = yield* call(() => ports.shareLinks.findByBooking(booking.id));
    if (existing && !isExpired(existing, now)) return { link: existing, booking };

    const paid = (yield* call(() => ports.payments.listByBooking(booking.id))).filter((p) => p.status === "succeeded").length;
    const link: ShareLink = {
      id: ports.ids.uuid(),
      token: ports.ids.token(),
      bookingId: booking.id,
      amountPerPerson: shareAt(booking.totalAmount, booking.gameType, Math.min(paid, players - 1)),
      maxParticipants: players,
      currentParticipants: Math.min(paid, players),
      // the split deadline ends the link: what is unpaid then goes to the organiser's card
      expiresAt: shareLinkExpiry(now, booking.shareDeadlineAt ?? start),
      createdAt: now,
    };
    const saved = yield* call(() => ports.shareLinks.insert(link));
    return { link: saved, booking };
  });

/** The succeeded payment `userId` made for the booking, if any: one payer pays one share. */
export const paymentOf = (ports: Pick<Ports, "payments">, bookingId: string, userId: string | null) =>
  userId === null
    ? Effect.succeed(undefined)
    : Effect.map(call(() => ports.payments.listByBooking(bookingId)), (payments) => payments.find((p) => p.userId === userId && p.status === "succeeded"));

/**
 * Public: what a link holder sees, and for a signed-in one (`viewer`) the payment they already
 * made for the booking. Expired is an answer of its own (410); a full link is shown as such.
 */
export const getShareLink = (ports: Pick<Ports, "shareLinks" | "bookings" | "courts" | "payments" | "clock">, token: string, viewer: string | null = null) =>
  Effect.gen(function* () {
    const link = yield* callOr(() => ports.shareLinks.findByToken(token), notFound);
    const booking = yield* callOr(() => ports.bookings.findById(link.bookingId), bookingNotFound);
    const now = ports.clock.now();
    const unusable = unusableFor(booking, now);
    if (unusable) return yield* Effect.fail(unusable);
    if (isExpired(link, now)) return yield* Effect.fail(expired());
    const court = yield* call(() => ports.courts.findById(booking.courtId));
    const share = Math.min(shareAt(booking.totalAmount, booking.gameType, link.currentParticipants), remainingOf(booking));
    // Paid in full (the organiser may have paid the rest): no place is left, whatever the count says.
    const seen = remainingOf(booking) === 0 ? { ...link, currentParticipants: link.maxParticipants } : link;
    const yours = yield* paymentOf(ports, booking.id, viewer);
    return { link: { ...seen, amountPerPerson: isFull(seen) ? link.amountPerPerson : share }, booking, court, yours };
  });
