import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/**
 * POST /api/auth/logout and POST /api/admin/logout. Nothing is revalidated here: the caller
 * leaves the screen first, then resets the session's data (useLogout).
 */
export const logout = (kind: "user" | "admin") => api(kind === "admin" ? "/api/admin/logout" : "/api/auth/logout", { method: "POST" });

export const useLogoutRequest = () => useWrite("logout", logout, []);
