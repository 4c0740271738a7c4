import useSWR from "swr";
import type { MembershipAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

export type Membership = MembershipAnswer;

/** GET /api/user/memberships: the player's memberships, the latest end first. */
export const myMembershipsKey = keyFor(["memberships"], () => "/api/user/memberships");

export const useMyMemberships = (signedIn: boolean) => useSWR<Membership[]>(signedIn ? myMembershipsKey() : null, (key: string) => api<Membership[]>(key));
