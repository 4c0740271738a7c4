import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** DELETE /api/waitlist/{id}. */
export const leaveWaitlist = (id: string) => api<undefined>(`/api/waitlist/${encodeURIComponent(id)}`, { method: "DELETE" });

export const useLeaveWaitlist = () => useWrite("leave-waitlist", leaveWaitlist, ["waitlist"]);
