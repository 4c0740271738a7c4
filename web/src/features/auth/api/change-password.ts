import type { PasswordChangeBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** POST /api/user/password: 204; the player's other sessions end, this one stays. */
export const changePassword = (input: PasswordChangeBody) => api<undefined>("/api/user/password", { method: "POST", json: input });

export const useChangePassword = () => useWrite("change-password", changePassword, []);
