import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { resetSessionData } from "../../../lib/swr";

/** GET /api/admin/check: always 200, `{ isAdmin }`, independent of the player session. */
export const adminCheckKey = "/api/admin/check";

export const useAdminCheck = () => {
  const { data, error, isLoading } = useSWR<{ isAdmin: boolean }>(adminCheckKey);
  return { isAdmin: data?.isAdmin === true, isChecking: isLoading || (data === undefined && !error), error };
};

export const adminLogin = async (credentials: { username: string; password: string }) => {
  const answer = await api<{ admin: { id: string; username: string }; message?: string }>("/api/admin/login", {
    method: "POST",
    json: credentials,
  });
  await resetSessionData();
  return answer;
};

/** POST /api/admin/logout. The caller leaves the screen first, then calls resetSessionData. */
export const adminLogout = () => api("/api/admin/logout", { method: "POST" });
