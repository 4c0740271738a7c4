import * as Effect from "effect/Effect";
import { monthRange } from "../domain/time.js";
import type { Ports } from "../ports/index.js";
import type { DateQuery, MonthQuery } from "../schemas/requests.js";
import { courtNotFound, venueNotFound } from "./lookups.js";

/*
 * The public catalogue's reads, one use case per named query (ports/catalog-queries.ts). Each is
 * one port call and its 404: no Effect.gen, no Effect.all, on the busiest endpoints.
 */

const found =
  <E>(notFound: () => E) =>
  <A>(answer: A | undefined): Effect.Effect<A, E> =>
    answer === undefined ? Effect.fail(notFound()) : Effect.succeed(answer);

/** The booked slots of a court on a local date: what the slot picker disables. */
export const courtDay = (ports: Pick<Ports, "catalog" | "clock">, courtId: string, query: DateQuery) =>
  Effect.flatMap(
    Effect.promise(() => ports.catalog.courtDay(courtId, query.date, ports.clock.now())),
    found(courtNotFound),
  );

/** A venue's courts by number, as the API's JSON. */
export const venueCourts = (ports: Pick<Ports, "catalog">, venueId: string) =>
  Effect.flatMap(
    Effect.promise(() => ports.catalog.venueCourts(venueId)),
    found(venueNotFound),
  );

/** The public month calendar: court, date, slot and game type only, never who booked. */
export const venueMonth = (ports: Pick<Ports, "catalog">, venueId: string, query: MonthQuery) => {
  const { from, to } = monthRange(query.year, query.month);
  return Effect.flatMap(
    Effect.promise(() => ports.catalog.venueMonth(venueId, from, to)),
    found(venueNotFound),
  );
};
