import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** DELETE /api/venues/{id}: its courts go with it, and their bookings with them (SPEC.md section 6). */
export const deleteVenue = (id: string) => api<undefined>(`/api/venues/${encodeURIComponent(id)}`, { method: "DELETE" });

export const useDeleteVenue = () =>
  useWrite("delete-venue", deleteVenue, ["venues", "courts", "bookings", "payments", "availability", "schedule"]);
