import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Court } from "../../../types/api";
import type { CourtInput } from "./court-input";

/** POST /api/courts. */
export const createCourt = (input: CourtInput) => api<Court>("/api/courts", { method: "POST", json: input });

/** The court lists and the venues' court counts change. */
export const useCreateCourt = () => useWrite("create-court", createCourt, ["courts", "venues"]);
