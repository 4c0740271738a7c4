import type { WalkInBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { User } from "../../../types/api";

/** POST /api/admin/users: a player the desk adds (a walk-in, without a password), answered as the new User. */
export const createWalkIn = (input: WalkInBody) => api<User>("/api/admin/users", { method: "POST", json: input });

export const useCreateWalkIn = () => useWrite("create-walk-in", createWalkIn, ["players"]);
