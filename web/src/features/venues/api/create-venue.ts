import type { VenueBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Venue } from "../../../types/api";

/** What the venue form sends: the request schema's encoded side. */
export type VenueInput = typeof VenueBody.Encoded;

/** POST /api/venues. */
export const createVenue = (input: VenueInput) => api<Venue>("/api/venues", { method: "POST", json: input });

export const useCreateVenue = () => useWrite("create-venue", createVenue, ["venues"]);
