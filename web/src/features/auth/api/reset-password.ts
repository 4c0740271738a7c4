import type { NewPasswordBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** POST /api/auth/password-reset/{token}: 204, and every session of the account ends (this browser's too); 410 for a used or expired link. */
export const resetPassword = ({ token, ...body }: NewPasswordBody & { token: string }) =>
  api<undefined>(`/api/auth/password-reset/${encodeURIComponent(token)}`, { method: "POST", json: body });

export const useResetPassword = () => useWrite("reset-password", resetPassword, "session");
