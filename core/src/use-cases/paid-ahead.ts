import * as Effect from "effect/Effect";
import { PaidBookingsAhead } from "../domain/errors.js";
import { instantOf, localDateOf } from "../domain/time.js";
import type { Ports } from "../ports/index.js";
import { call } from "./support.js";

/** Bookings counted before a removal is refused: enough to name the next one and say how many. */
const COUNTED = 100;

/**
 * Fails with PaidBookingsAhead while the court (or any court of the venue) has a live booking
 * still to be played that holds a player's money: removing it would delete the booking with the
 * money kept and nobody told (DESIGN.md section 8: money is never lost). A closure of those dates
 * (the admin's Horario) cancels them with a 100% refund to every payer and tells each; after it
 * the removal goes ahead. Bookings already played, unpaid holds and cancelled ones do not count.
 */
export const refusePaidBookingsAhead = (
  ports: Pick<Ports, "bookings" | "clock">,
  scope: { readonly courtId: string } | { readonly venueId: string },
) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const { timeZone } = ports.clock;
    const paid = yield* call(() => ports.bookings.paidFrom(scope, localDateOf(now, timeZone), COUNTED));
    const ahead = paid.filter((b) => instantOf(b.date, b.timeSlot, timeZone).getTime() > now.getTime());
    const next = ahead[0];
    if (next === undefined) return;
    const n = ahead.length >= COUNTED ? `${COUNTED} o más reservas pagadas` : ahead.length === 1 ? "1 reserva pagada" : `${ahead.length} reservas pagadas`;
    const [year, month, day] = next.date.split("-");
    const what = "courtId" in scope ? "La cancha" : "El complejo";
    return yield* Effect.fail(
      new PaidBookingsAhead({
        message:
          `${what} tiene ${n} por jugar (la próxima: ${next.court.name}, ${day}/${month}/${year} a las ${next.timeSlot}). ` +
          "Ciérrala primero en esas fechas desde Horario, que reembolsa el 100% a cada pagador y le avisa; después podrás eliminarla.",
      }),
    );
  });
