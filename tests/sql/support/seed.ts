import type { Booking, Court, Repositories, User, Venue } from "@courts/core";
import { aBooking, aCourt, aUser, aVenue } from "../../support/builders.js";

/** The value of an insert that may answer a conflict tag; fails the test on a tag. */
export const inserted = <T extends object>(result: T | string): T => {
  if (typeof result === "string") throw new Error(`expected an insert, got "${result}"`);
  return result;
};

export interface Place {
  readonly user: User;
  readonly venue: Venue;
  readonly court: Court;
}

/** A user, a venue and one court in it. */
export const seedPlace = async (
  repos: Repositories,
  overrides: { user?: Partial<User>; venue?: Partial<Venue>; court?: Partial<Court> } = {},
): Promise<Place> => {
  const user = inserted(await repos.users.insert(aUser(overrides.user)));
  const venue = await repos.venues.insert(aVenue(overrides.venue));
  const court = inserted(await repos.courts.insert(aCourt(venue.id, overrides.court)));
  return { user, venue, court };
};

export const seedCourt = async (repos: Repositories, venueId: string, overrides: Partial<Court> = {}): Promise<Court> =>
  inserted(await repos.courts.insert(aCourt(venueId, overrides)));

export const seedBooking = async (
  repos: Repositories,
  place: { user: User; court: Court },
  overrides: Partial<Booking> = {},
): Promise<Booking> =>
  inserted(await repos.bookings.insert(aBooking({ userId: place.user.id, courtId: place.court.id, ...overrides })));
