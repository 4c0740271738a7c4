import * as Effect from "effect/Effect";
import { PaidBookingsAhead } from "../domain/errors.js";
import type { PaidAfter, Ports } from "../ports/index.js";
import { clubNow } from "./lookups.js";
import { call } from "./support.js";

/** Bookings counted before a removal is refused: enough to name the next one and say how many. */
const COUNTED = 100;

/**
 * Fails with PaidBookingsAhead while the court (or any court of the venue) has a live booking
 * still to be played that holds a player's money: removing it would delete the booking with the
 * money kept and nobody told (DESIGN.md section 8: money is never lost). A closure of those dates
 * (the admin's Horario) cancels them with a 100% refund to every payer and tells each; after it
 * the removal goes ahead. Bookings already started or played, unpaid holds and cancelled ones do
 * not count.
 */
export const refusePaidBookingsAhead = (
  ports: Pick<Ports, "bookings" | "clock">,
  scope: { readonly courtId: string } | { readonly venueId: string },
  /** what is refused, said after 'podrás': 'eliminar' (the default) or 'mover a otro complejo' */
  action: "eliminar" | "mover a otro complejo" = "eliminar",
) =>
  Effect.gen(function* () {
    const ahead = yield* call(() => ports.bookings.paidAhead(scope, clubNow(ports.clock), COUNTED));
    const next = ahead[0];
    if (next === undefined) return;
    const n = ahead.length >= COUNTED ? `${COUNTED} o más reservas pagadas` : ahead.length === 1 ? "1 reserva pagada" : `${ahead.length} reservas pagadas`;
    const [year, month, day] = next.date.split("-");
    const [what, it] = "courtId" in scope ? ["La cancha", "la"] : ["El complejo", "lo"];
    return yield* Effect.fail(
      new PaidBookingsAhead({
        message:
          `${what} tiene ${n} por jugar (la próxima: ${next.court.name}, ${day}/${month}/${year} a las ${next.timeSlot}). ` +
          `Ciérra${it} primero en esas fechas desde Horario, que reembolsa el 100% a cada pagador y le avisa; después podrás ` +
          (action === "eliminar" ? `eliminar${it}.` : `mover${it} a otro complejo.`),
      }),
    );
  });

/**
 * `attempt` (a change that must not happen while a booking still to be played holds money) made
 * with the club's now: the change looks for such bookings in its own statement, so a payment
 * recorded before it runs is never lost or moved with it (on PostgreSQL a move also waits for one
 * being recorded: afterPaymentsAhead in the SQL adapter). When it finds some ("paid-ahead"), they
 * are named for the admin (refusePaidBookingsAhead); should they have stopped holding money in
 * between (a cancellation), the change goes again.
 */
export const unlessPaidAhead = <A>(
  ports: Pick<Ports, "bookings" | "clock">,
  scope: { readonly courtId: string } | { readonly venueId: string },
  action: "eliminar" | "mover a otro complejo",
  attempt: (keepIfPaidAfter: PaidAfter) => Promise<A | "paid-ahead">,
) =>
  Effect.gen(function* () {
    for (;;) {
      const done = yield* call(() => attempt(clubNow(ports.clock)));
      if (done !== "paid-ahead") return done as Exclude<A, "paid-ahead">;
      yield* refusePaidBookingsAhead(ports, scope, action);
    }
  });

/** Removes the court or venue unless a booking still to be played holds money (unlessPaidAhead). */
export const removeUnlessPaidAhead = <E>(
  ports: Pick<Ports, "bookings" | "clock">,
  scope: { readonly courtId: string } | { readonly venueId: string },
  remove: (keepIfPaidAfter: PaidAfter) => Promise<boolean | "paid-ahead">,
  missing: () => E,
) => Effect.flatMap(unlessPaidAhead(ports, scope, "eliminar", remove), (removed) => (removed ? Effect.void : Effect.fail(missing())));
