import type { WaitlistBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { WaitlistEntry } from "./types";

/** POST /api/waitlist: told by mail when the hour frees up. */
export const joinWaitlist = (input: typeof WaitlistBody.Encoded) => api<WaitlistEntry>("/api/waitlist", { method: "POST", json: input });

export const useJoinWaitlist = () => useWrite("join-waitlist", joinWaitlist, ["waitlist"]);
