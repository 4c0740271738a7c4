import type { ProfileBody, UserSessionAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** PUT /api/user/profile: email, username, full name and phone (null removes it); a new email is unconfirmed again. */
export const updateProfile = (input: ProfileBody) => api<UserSessionAnswer>("/api/user/profile", { method: "PUT", json: input });

export const useUpdateProfile = () => useWrite("update-profile", updateProfile, "session");
