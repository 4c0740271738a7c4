import * as Effect from "effect/Effect";
import type { Court } from "../domain/entities.js";
import { CourtNumberTaken } from "../domain/errors.js";
import { DEFAULT_PRICES } from "../domain/pricing.js";
import type { Ports } from "../ports/index.js";
import type { CourtBody, ImageBody } from "../schemas/requests.js";
import { setImageOf } from "./images.js";
import { removeUnlessPaidAhead, unlessPaidAhead } from "./paid-ahead.js";
import { courtNotFound, venueNotFound } from "./lookups.js";
import type { Actor } from "./support.js";
import { call, callOr, requireAdmin } from "./support.js";

const numberTaken = (n: number) => new CourtNumberTaken({ message: `Ya existe una cancha con el número ${n} en este complejo` });

export const listCourts = (ports: Pick<Ports, "courts">) => call(() => ports.courts.list());

export const getCourt = (ports: Pick<Ports, "courts">, id: string) =>
  Effect.gen(function* () {
    const court = yield* callOr(() => ports.courts.findById(id), courtNotFound);
    return court;
  });

const pricesOf = (input: CourtBody, base = DEFAULT_PRICES) => ({
  daySingles: input.daySinglesPrice ?? base.daySingles,
  dayDoubles: input.dayDoublesPrice ?? base.dayDoubles,
  nightSingles: input.nightSinglesPrice ?? base.nightSingles,
  nightDoubles: input.nightDoublesPrice ?? base.nightDoubles,
});

export const createCourt = (ports: Pick<Ports, "courts" | "venues" | "ids" | "clock">, actor: Actor, input: CourtBody) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(() => ports.venues.findById(input.venueId), venueNotFound);
    const court: Court = {
      id: ports.ids.uuid(),
      venueId: input.venueId,
      name: input.name,
      courtNumber: input.courtNumber,
      // SPEC.md section 4: a court created from the admin form is always available.
      status: "available",
      imageUrl: null,
      imageData: null,
      prices: pricesOf(input),
      createdAt: ports.clock.now(),
    };
    const saved = yield* call(() => ports.courts.insert(court));
    if (saved === "number-taken") return yield* Effect.fail(numberTaken(input.courtNumber));
    return saved;
  });

/**
 * Edits a court. Moving it to another venue is refused while a booking still to be played holds a
 * player's money: their game would move to another club, maybe another city, unannounced. The
 * update looks for such bookings in its own statement (unlessPaidAhead), so a share recorded after
 * the admin's form was read, up to the moment the move is written, keeps the court where it is.
 */
export const updateCourt = (ports: Pick<Ports, "courts" | "venues" | "bookings" | "clock">, actor: Actor, id: string, input: CourtBody) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const current = yield* getCourt(ports, id);
    if (input.venueId !== current.venueId) yield* callOr(() => ports.venues.findById(input.venueId), venueNotFound);
    const next: Court = {
      ...current,
      venueId: input.venueId,
      name: input.name,
      courtNumber: input.courtNumber,
      status: input.status ?? current.status,
      prices: pricesOf(input, current.prices),
    };
    // guarded even when it stays: another admin may have moved it since it was read
    const saved = yield* unlessPaidAhead(ports, { courtId: id }, "mover a otro complejo", (keep) => ports.courts.update(next, keep));
    if (saved === undefined) return yield* Effect.fail(courtNotFound());
    if (saved === "number-taken") return yield* Effect.fail(numberTaken(input.courtNumber));
    return saved;
  });

/**
 * Removes the court and its bookings; payments stay for accounting. Refused while a booking still
 * to be played holds a player's money (removeUnlessPaidAhead).
 */
export const deleteCourt = (ports: Pick<Ports, "courts" | "bookings" | "clock">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* removeUnlessPaidAhead(ports, { courtId: id }, (keep) => ports.courts.delete(id, keep), courtNotFound);
  });

export const setCourtImage = (ports: Pick<Ports, "courts" | "images" | "ids" | "clock">, actor: Actor, id: string, input: ImageBody) =>
  setImageOf(ports, actor, input, {
    find: () => ports.courts.findById(id),
    set: (imageData) => ports.courts.setImage(id, { imageData }),
    missing: courtNotFound,
  });
