import * as Effect from "effect/Effect";
import { AlreadyOnWaitlist, NotAllowed, SlotInPast, SlotNotTaken, WaitlistEntryNotFound } from "../domain/errors.js";
import type { Ports } from "../ports/index.js";
import type { WaitlistBody } from "../schemas/requests.js";
import { blockOn, bookingStart, courtNotFound, refuseOwnSlot, slotBlocked } from "./lookups.js";
import type { Actor } from "./support.js";
import { call, callOr, requireUser } from "./support.js";

/** POST /api/waitlist: 'Avisarme si se libera' on a taken slot. */
export const joinWaitlist = (ports: Pick<Ports, "courts" | "catalog" | "bookings" | "blocks" | "waitlist" | "clock" | "ids">, actor: Actor, input: WaitlistBody) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const court = yield* callOr(() => ports.courts.findById(input.courtId), courtNotFound);
    const now = ports.clock.now();
    if (bookingStart({ date: input.date, timeSlot: input.timeSlot }, ports.clock.timeZone).getTime() <= now.getTime())
      return yield* Effect.fail(new SlotInPast({ message: "Ese horario ya pasó" }));
    // a closed hour frees when the club reopens it, not when a booking goes: said as booking it says it
    const closing = yield* blockOn(ports, court, input.date, input.timeSlot);
    if (closing) return yield* Effect.fail(slotBlocked(input.timeSlot, closing.reason));
    const day = yield* call(() => ports.catalog.courtDay(court.id, input.date));
    if (!day?.bookedSlots.includes(input.timeSlot))
      return yield* Effect.fail(new SlotNotTaken({ message: "Este horario está libre: puedes reservarlo ahora" }));
    // nobody waits for their own hour: it would free only if they cancel it
    yield* refuseOwnSlot(ports, userId, court.id, input.date, input.timeSlot);
    const added = yield* call(() =>
      ports.waitlist.add({ id: ports.ids.uuid(), userId, courtId: court.id, date: input.date, timeSlot: input.timeSlot, createdAt: now, notifiedAt: null }),
    );
    if (added === "exists") return yield* Effect.fail(new AlreadyOnWaitlist({ message: "Ya te avisaremos si este horario se libera" }));
    return added;
  });

/** DELETE /api/waitlist/{id}: its owner (or an admin) stops waiting. */
export const leaveWaitlist = (ports: Pick<Ports, "waitlist">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    if (!actor.isAdmin) yield* requireUser(actor);
    const entry = yield* callOr(
      () => ports.waitlist.findById(id),
      () => new WaitlistEntryNotFound({ message: "No estás en la lista de espera de ese horario" }),
    );
    if (!actor.isAdmin && entry.userId !== actor.userId)
      return yield* Effect.fail(new NotAllowed({ message: "Esa solicitud pertenece a otro usuario" }));
    yield* call(() => ports.waitlist.remove(id));
  });

/** GET /api/waitlist: what the player is waiting for. */
export const myWaitlist = (ports: Pick<Ports, "waitlist">, actor: Actor) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    return yield* call(() => ports.waitlist.listOpenByUser(userId));
  });
