import type { UserSessionAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Credentials } from "./credentials";

/** POST /api/auth/register: the new account is signed in. */
export const register = (input: Credentials & { email: string }) =>
  api<UserSessionAnswer>("/api/auth/register", { method: "POST", json: input });

export const useRegister = () => useWrite("register", register, "session");
