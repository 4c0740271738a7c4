import useSWR from "swr";
import { api, isStatus } from "../../../lib/api-client";
import { isPending, keyFor } from "../../../lib/swr";
import type { User } from "../../../types/api";

/** GET /api/auth/me: who is signed in. */
export const meKey = keyFor(["session"], () => "/api/auth/me");

/**
 * A guest is null, not an error. `optional=1` makes the server answer a guest 204 instead of
 * 401, so a visitor's browser logs no failed request; a 401 still means a guest.
 */
export const fetchMe = async (): Promise<User | null> => {
  try {
    const answer = await api<{ user: User | null } | undefined>(`${meKey()}?optional=1`);
    return answer?.user ?? null;
  } catch (error) {
    if (isStatus(error, 401)) return null;
    throw error;
  }
};

export const useMe = () => {
  const me = useSWR<User | null>(meKey(), fetchMe);
  return { user: me.data ?? null, error: me.error, isLoading: isPending(me) };
};
