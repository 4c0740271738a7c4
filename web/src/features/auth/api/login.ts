import type { LoginAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Credentials } from "./credentials";

/** POST /api/auth/login; everything scoped to a person is fetched again. */
export const login = (credentials: Credentials) =>
  api<LoginAnswer>("/api/auth/login", { method: "POST", json: credentials });

export const useLogin = () => useWrite("login", login, "session");
