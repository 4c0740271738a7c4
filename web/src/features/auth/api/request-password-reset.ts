import type { PasswordResetRequestBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** POST /api/auth/password-reset: 202 whatever the address, so the answer tells nobody who has an account. */
export const requestPasswordReset = (input: PasswordResetRequestBody) => api<undefined>("/api/auth/password-reset", { method: "POST", json: input });

export const useRequestPasswordReset = () => useWrite("request-password-reset", requestPasswordReset, []);
