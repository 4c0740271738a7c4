import { api } from "../../../lib/api-client";
import type { User } from "../../../types/api";

/** GET /api/admin/users?username=: the player an admin books for (asked once per submit, not cached). */
export const findPlayer = (username: string) => api<User>(`/api/admin/users?username=${encodeURIComponent(username)}`);
