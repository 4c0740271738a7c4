import * as Effect from "effect/Effect";
import type { Booking } from "../domain/booking.js";
import { blockCovers } from "../domain/blocks.js";
import type { Court } from "../domain/entities.js";
import { AlreadyBooked, BookingNotFound, BookingStarted, CourtNotFound, NotAllowed, SlotBlocked, VenueNotFound } from "../domain/errors.js";
import { asSeenAt } from "../domain/hold.js";
import type { TimeSlot } from "../domain/slots.js";
import { instantOf, localDateOf, wallClockAt, type LocalDate } from "../domain/time.js";
import type { PaidAfter, Ports } from "../ports/index.js";
import type { Actor } from "./support.js";
import { call, callOr, requireUser } from "./support.js";

/**
 * What several use cases read and refuse the same way: a booking by its owner, the not-found
 * errors, a block over a slot. No use case here: every other use-case module may import this
 * one, and it imports none of them, so use cases never import each other in a circle.
 */

/**
 * Fails with AlreadyBooked when the player's own active or confirmed booking holds the slot:
 * booking it again (a retry whose answer was lost) and waiting for it to free both say so.
 */
export const refuseOwnSlot = (ports: Pick<Ports, "bookings">, userId: string, courtId: string, date: LocalDate, timeSlot: TimeSlot) =>
  Effect.gen(function* () {
    const holder = yield* call(() => ports.bookings.holderOf(courtId, date, timeSlot));
    if (holder && holder.userId === userId && (holder.status === "active" || holder.status === "confirmed"))
      return yield* Effect.fail(alreadyBooked(timeSlot, holder.id));
  });

export const alreadyBooked = (timeSlot: TimeSlot, bookingId: string) =>
  new AlreadyBooked({ message: `Ya tienes esta reserva: el horario ${timeSlot} de esta cancha es tuyo`, bookingId });

export const bookingNotFound = () => new BookingNotFound({ message: "Reserva no encontrada" });
/** A game that began is not cancelled, but by a closure (DESIGN.md section 14). */
export const bookingStarted = () => new BookingStarted({ message: "La reserva ya comenzó y no se puede cancelar" });

const pad = (n: number) => String(n).padStart(2, "0");

/** The club's now as its date and HH:MM: the bookings that start after it are still to be played. */
export const clubNow = (clock: Ports["clock"]): PaidAfter => {
  const now = clock.now();
  const wall = wallClockAt(now, clock.timeZone);
  return { date: localDateOf(now, clock.timeZone), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
};

/** The instant a booking starts, read in the club's time zone. */
export const bookingStart = (booking: Pick<Booking, "date" | "timeSlot">, timeZone: string): Date =>
  instantOf(booking.date, booking.timeSlot, timeZone);

/** The booking, for its owner or an admin. */
export const getBooking = (ports: Pick<Ports, "bookings" | "clock">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    if (!actor.isAdmin) yield* requireUser(actor);
    const booking = yield* callOr(() => ports.bookings.findById(id), bookingNotFound);
    if (!actor.isAdmin && booking.userId !== actor.userId)
      return yield* Effect.fail(new NotAllowed({ message: "Esta reserva pertenece a otro usuario" }));
    return asSeenAt(booking, ports.clock.now());
  });

export const courtNotFound = () => new CourtNotFound({ message: "Cancha no encontrada" });

export const venueNotFound = () => new VenueNotFound({ message: "Complejo no encontrado" });

/** "El horario 08:00 está cerrado: Mantenimiento": the 409 of a booking inside a block. */
export const slotBlocked = (slot: string, reason: string) =>
  new SlotBlocked({ message: `El horario ${slot} está cerrado: ${reason}`, reason });

/** The block that closes the court's slot on the date, if any. */
export const blockOn = (ports: Pick<Ports, "blocks">, court: Pick<Court, "id" | "venueId">, date: string, slot: string) =>
  Effect.map(call(() => ports.blocks.listForCourtOn(court.id, date)), (blocks) => blocks.find((b) => blockCovers(b, court, date, slot)));

/** The reason a block closes the court's slot on the date, read after the database refused the booking. */
export const blockReasonFor = (ports: Pick<Ports, "blocks">, court: Pick<Court, "id" | "venueId">, date: string, slot: string) =>
  Effect.map(blockOn(ports, court, date, slot), (block) => block?.reason ?? "Otro");
