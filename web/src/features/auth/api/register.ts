import type { RegisterBody, UserSessionAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** POST /api/auth/register: the new account is signed in, its email still to confirm. */
export const register = (input: RegisterBody) => api<UserSessionAnswer>("/api/auth/register", { method: "POST", json: input });

export const useRegister = () => useWrite("register", register, "session");
