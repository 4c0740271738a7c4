import useSWR from "swr";
import type { VenueRulesAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { keyFor, useWrite } from "../../../lib/swr";

export type VenueRules = typeof VenueRulesAnswer.Encoded;

/** GET /api/admin/venues/{id}/rules: the panel's 'Reglas de reserva'. */
export const venueRulesKey = keyFor(["venues"], (id: string) => `/api/admin/venues/${encodeURIComponent(id)}/rules`);

export const useVenueRules = (id: string | undefined) => useSWR<VenueRules>(id ? venueRulesKey(id) : null, (key: string) => api<VenueRules>(key));

/** PUT /api/admin/venues/{id}/rules: every rule at once. */
export const setVenueRules = ({ id, rules }: { id: string; rules: VenueRules }) =>
  api<VenueRules>(`/api/admin/venues/${encodeURIComponent(id)}/rules`, { method: "PUT", json: rules });

/** The venue's answer carries the rules players read, and what can be booked changes with them. */
export const useSetVenueRules = () => useWrite("set-venue-rules", setVenueRules, ["venues", "availability"]);
