import type { AdminLoginAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Credentials } from "./credentials";

/** POST /api/admin/login; the admin check and everything else is fetched again. */
export const adminLogin = (credentials: Credentials) =>
  api<AdminLoginAnswer>("/api/admin/login", { method: "POST", json: credentials });

export const useAdminLogin = () => useWrite("admin-login", adminLogin, "session");
