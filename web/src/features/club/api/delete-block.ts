import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import { CLUB_CHANGES } from "./types";

/** DELETE /api/admin/blocks/{id}: every date and hour it closed opens again. */
export const deleteBlock = (id: string) => api<undefined>(`/api/admin/blocks/${encodeURIComponent(id)}`, { method: "DELETE" });

export const useDeleteBlock = () => useWrite("delete-block", deleteBlock, CLUB_CHANGES);
