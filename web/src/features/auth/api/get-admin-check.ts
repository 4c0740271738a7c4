import type { AdminCheckAnswer } from "@courts/core";
import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { isPending, keyFor } from "../../../lib/swr";

/** GET /api/admin/check: always 200, `{ isAdmin }`, independent of the player session. */
export const adminCheckKey = keyFor(["session"], () => "/api/admin/check");

export const fetchAdminCheck = (key: string) => api<typeof AdminCheckAnswer.Encoded>(key);

export const useAdminCheck = () => {
  const check = useSWR(adminCheckKey(), fetchAdminCheck);
  return { isAdmin: check.data?.isAdmin === true, isChecking: isPending(check), error: check.error };
};
