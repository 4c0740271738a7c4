import * as Effect from "effect/Effect";
import type { Venue } from "../domain/entities.js";
import { InvalidInput, VenueNameTaken } from "../domain/errors.js";
import { DEFAULT_VENUE_RULES, rulesProblem, type VenueRules } from "../domain/venue-rules.js";
import type { Ports } from "../ports/index.js";
import type { ImageBody, VenueBody, VenueRulesBody } from "../schemas/requests.js";
import { setImageOf } from "./images.js";
import { removeUnlessPaidAhead } from "./paid-ahead.js";
import { venueNotFound } from "./lookups.js";
import type { Actor } from "./support.js";
import { call, callOr, requireAdmin } from "./support.js";

export interface VenueWithCount extends Venue {
  readonly courtCount: number;
  /** the venue's booking rules, in the answer for one venue (DESIGN.md section 15) */
  readonly rules?: VenueRules;
}

const withCounts = (venues: Venue[], courts: { venueId: string }[]): VenueWithCount[] => {
  const counts = new Map<string, number>();
  for (const c of courts) counts.set(c.venueId, (counts.get(c.venueId) ?? 0) + 1);
  return venues.map((v) => ({ ...v, courtCount: counts.get(v.id) ?? 0 }));
};

export const listVenues = (ports: Pick<Ports, "venues" | "courts">) =>
  Effect.gen(function* () {
    const [venues, courts] = yield* Effect.all([call(() => ports.venues.list()), call(() => ports.courts.list())], {
      concurrency: 2,
    });
    return withCounts(venues, courts);
  });

export const getVenue = (ports: Pick<Ports, "venues" | "courts">, id: string) =>
  Effect.gen(function* () {
    const venue = yield* callOr(() => ports.venues.findById(id), venueNotFound);
    const [courts, rules] = yield* Effect.all([call(() => ports.courts.listByVenue(id)), call(() => ports.venues.rulesOf(id))], { concurrency: 2 });
    return { ...(withCounts([venue], courts)[0] as VenueWithCount), rules: rules ?? DEFAULT_VENUE_RULES };
  });

/** The venue's booking rules, for the panel (DESIGN.md section 15). */
export const getVenueRules = (ports: Pick<Ports, "venues">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    return yield* callOr(() => ports.venues.rulesOf(id), venueNotFound);
  });

/** Replaces the venue's booking rules; a bad value is a 400 with its Spanish message. */
export const setVenueRules = (ports: Pick<Ports, "venues">, actor: Actor, id: string, input: VenueRulesBody) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const rules: VenueRules = {
      windowDays: input.windowDays,
      releaseTime: input.releaseTime,
      maxUpcomingPerPlayer: input.maxUpcomingPerPlayer,
      maxPerPlayerPerDay: input.maxPerPlayerPerDay,
      ballotSeconds: input.ballotSeconds,
    };
    const problem = rulesProblem(rules);
    if (problem) return yield* Effect.fail(new InvalidInput(problem));
    if (!(yield* call(() => ports.venues.setRules(id, rules)))) return yield* Effect.fail(venueNotFound());
    return rules;
  });

export const listVenueCourts = (ports: Pick<Ports, "venues" | "courts">, venueId: string) =>
  Effect.gen(function* () {
    const courts = yield* call(() => ports.courts.listByVenue(venueId));
    if (courts.length === 0) {
      yield* callOr(() => ports.venues.findById(venueId), venueNotFound);
    }
    return courts;
  });

const checkImageUrl = (url: string | null | undefined) =>
  url && !/^(https?:\/\/|\/)/.test(url)
    ? Effect.fail(new InvalidInput({ field: "imageUrl", message: "El campo 'imageUrl' debe empezar por http://, https:// o /" }))
    : Effect.void;

export const createVenue = (ports: Pick<Ports, "venues" | "ids" | "clock">, actor: Actor, input: VenueBody) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* checkImageUrl(input.imageUrl);
    // two clubs of one name cannot be told apart in the panel's lists, and `courts seed` finds clubs by name
    if (yield* call(() => ports.venues.findByName(input.name)))
      return yield* Effect.fail(new VenueNameTaken({ message: `Ya existe un complejo llamado «${input.name}»: elige otro nombre` }));
    const venue: Venue = {
      id: ports.ids.uuid(),
      name: input.name,
      location: input.location,
      description: input.description ? input.description : null,
      imageUrl: input.imageUrl ? input.imageUrl : null,
      imageData: null,
      createdAt: ports.clock.now(),
    };
    const saved = yield* call(() => ports.venues.insert(venue));
    return { ...saved, courtCount: 0 } satisfies VenueWithCount;
  });

/**
 * Removes the venue with its courts and their bookings; payments stay for accounting. Refused
 * while a booking still to be played holds a player's money (removeUnlessPaidAhead).
 */
export const deleteVenue = (ports: Pick<Ports, "venues" | "bookings" | "clock">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* removeUnlessPaidAhead(ports, { venueId: id }, (keep) => ports.venues.delete(id, keep), venueNotFound);
  });

export const setVenueImage = (ports: Pick<Ports, "venues" | "courts" | "images" | "ids" | "clock">, actor: Actor, id: string, input: ImageBody) =>
  setImageOf(ports, actor, input, {
    find: () => ports.venues.findById(id),
    set: (imageData) => ports.venues.setImage(id, { imageData }),
    missing: venueNotFound,
  }).pipe(Effect.andThen(() => getVenue(ports, id)));
