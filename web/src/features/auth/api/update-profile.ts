import type { UserSessionAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** PUT /api/user/profile: email and username. */
export const updateProfile = (input: { email: string; username: string }) =>
  api<UserSessionAnswer>("/api/user/profile", { method: "PUT", json: input });

export const useUpdateProfile = () => useWrite("update-profile", updateProfile, "session");
