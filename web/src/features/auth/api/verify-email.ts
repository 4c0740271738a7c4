import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** POST /api/auth/verify-email/{token}: 204 once, 410 for a used, expired or replaced link. */
export const verifyEmail = (token: string) => api<undefined>(`/api/auth/verify-email/${encodeURIComponent(token)}`, { method: "POST" });

/** The session is read again: a signed-in player's notice to confirm the email goes away. */
export const useVerifyEmail = () => useWrite("verify-email", verifyEmail, ["session"]);

/** POST /api/auth/verify-email (signed in): 202, a new link goes to the account's email; 409 when it is already confirmed. */
export const resendVerification = () => api<undefined>("/api/auth/verify-email", { method: "POST" });

export const useResendVerification = () => useWrite("resend-verification", resendVerification, ["session"]);
