import useSWR from "swr";
import { api, isStatus } from "../../../lib/api-client";
import { resetSessionData } from "../../../lib/swr";
import type { User } from "../../../types/api";

export const meKey = "/api/auth/me";

/**
 * GET /api/auth/me; a guest is null, not an error. `optional=1` makes the server answer a guest
 * 204 instead of 401, so a visitor's browser logs no failed request; a 401 still means a guest.
 */
export const fetchMe = async (): Promise<User | null> => {
  try {
    const answer = await api<{ user: User | null } | undefined>(`${meKey}?optional=1`);
    return answer?.user ?? null;
  } catch (error) {
    if (isStatus(error, 401)) return null;
    throw error;
  }
};

export const useMe = () => {
  const { data, error, isLoading } = useSWR<User | null>(meKey, fetchMe);
  return { user: data ?? null, error, isLoading: isLoading || (data === undefined && !error) };
};

export interface Credentials {
  username: string;
  password: string;
}

export const login = async (credentials: Credentials) => {
  const answer = await api<{ user: User; message?: string }>("/api/auth/login", { method: "POST", json: credentials });
  await resetSessionData();
  return answer;
};

export const register = async (input: Credentials & { email: string }) => {
  const answer = await api<{ user: User }>("/api/auth/register", { method: "POST", json: input });
  await resetSessionData();
  return answer;
};

/** POST /api/auth/logout. The caller leaves the screen first, then calls resetSessionData. */
export const logout = () => api("/api/auth/logout", { method: "POST" });

export const updateProfile = async (input: { email: string; username: string }) => {
  const answer = await api<{ user: User }>("/api/user/profile", { method: "PUT", json: input });
  await resetSessionData();
  return answer;
};
