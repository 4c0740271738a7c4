import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** DELETE /api/courts/{id}: its bookings go with it (SPEC.md section 6). */
export const deleteCourt = (id: string) => api<undefined>(`/api/courts/${encodeURIComponent(id)}`, { method: "DELETE" });

export const useDeleteCourt = () =>
  useWrite("delete-court", deleteCourt, ["courts", "venues", "bookings", "payments", "availability", "schedule"]);
