import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { revalidate } from "../../../lib/swr";
import type { Venue } from "../../../types/api";

/** GET /api/venues, GET /api/venues/{id}, and the admin writes on venues. */
export const venuesKey = "/api/venues";
export const venueKey = (id: string) => `/api/venues/${encodeURIComponent(id)}`;

export const useVenues = () => useSWR<Venue[]>(venuesKey);
export const useVenue = (id: string | undefined) => useSWR<Venue>(id ? venueKey(id) : null);

export interface VenueInput {
  name: string;
  location: string;
  description?: string;
  imageUrl?: string;
}

export const createVenue = async (input: VenueInput) => {
  const venue = await api<Venue>(venuesKey, { method: "POST", json: input });
  await revalidate(venuesKey, "/api/courts");
  return venue;
};

export const deleteVenue = async (id: string) => {
  await api(venueKey(id), { method: "DELETE" });
  // Its courts go with it (SPEC.md section 6), and their bookings with them.
  await revalidate(venuesKey, "/api/courts", "/api/bookings", "/api/user/");
};

export const setVenueImage = async (id: string, imageData: string) => {
  const venue = await api<Venue>(`${venueKey(id)}/image`, { method: "PUT", json: { imageData } });
  await revalidate(venuesKey);
  return venue;
};
