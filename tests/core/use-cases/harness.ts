import { Effect } from "effect";
import type { Actor, Court, Ports, User, Venue } from "@courts/core";
import { asUser, ADMIN } from "@courts/core";
import { simulatedGateway } from "@courts/adapters/payments/simulated-gateway";
import { fixedClock, memoryPorts, memorySimulatedIntents, sequentialIds } from "../../support/memory/index.js";
import { aCourt, aUser, aVenue } from "../../support/builders.js";

/** Runs a use case expecting success. */
export const ok = <A, E>(effect: Effect.Effect<A, E>): Promise<A> =>
  Effect.runPromise(Effect.mapError(effect, (e) => new Error(`expected success, failed with ${JSON.stringify(e)}`)));

/** Runs a use case expecting a typed failure and returns it. */
export const failure = <A, E>(effect: Effect.Effect<A, E>): Promise<E> =>
  Effect.runPromise(Effect.flip(Effect.mapError(effect, (e) => e)).pipe(Effect.orElse(() => Effect.die("expected a failure, it succeeded"))));

/**
 * A club with one venue, two available courts and one in maintenance, two players and an admin,
 * a simulated card provider, and a clock at 2026-11-21 07:00 in Guayaquil.
 */
export const club = async () => {
  const clock = fixedClock("2026-11-21T12:00:00.000Z");
  const ids = sequentialIds();
  const base = memoryPorts({ clock, ids });
  const gateway = simulatedGateway(memorySimulatedIntents(), ids, clock);
  const ports: Ports = { ...base, gateway };
  const venue: Venue = await ports.venues.insert(aVenue({ name: "Club Samborondón" }));
  const court = (await ports.courts.insert(aCourt(venue.id, { courtNumber: 1, name: "Central" }))) as Court;
  const court2 = (await ports.courts.insert(aCourt(venue.id, { courtNumber: 2, name: "Pista 2" }))) as Court;
  const closed = (await ports.courts.insert(aCourt(venue.id, { courtNumber: 3, status: "maintenance" }))) as Court;
  const ana = (await ports.users.insert(aUser({ username: "ana", email: "ana@example.com" }))) as User;
  const beto = (await ports.users.insert(aUser({ username: "beto", email: "beto@example.com" }))) as User;
  const asAna: Actor = asUser(ana.id);
  const asBeto: Actor = asUser(beto.id);
  /** The browser's side: pay an intent's client secret with a card. */
  const pay = (clientSecret: string, cardNumber = "4242 4242 4242 4242") =>
    gateway.confirm({ clientSecret, cardNumber, expMonth: 12, expYear: 2030, cvc: "123", now: clock.now() });
  return { ports, clock, gateway, venue, court, court2, closed, ana, beto, asAna, asBeto, admin: ADMIN, pay };
};
