import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Court } from "../../../types/api";
import type { CourtInput } from "./court-input";

/** PUT /api/courts/{id}: name, number, venue, status and prices. */
export const updateCourt = ({ id, input }: { id: string; input: CourtInput }) =>
  api<Court>(`/api/courts/${encodeURIComponent(id)}`, { method: "PUT", json: input });

/** A status or a venue change moves what can be booked too. */
export const useUpdateCourt = () => useWrite("update-court", updateCourt, ["courts", "venues", "availability"]);
