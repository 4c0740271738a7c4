import useSWR from "swr";
import type { MembershipPlanAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

export type MembershipPlan = MembershipPlanAnswer;

/** GET /api/venues/{id}/membership-plans: the venue's plans on sale, for everyone (guests too). */
export const membershipPlansKey = keyFor(["memberships", "products"], (venueId: string) => `/api/venues/${encodeURIComponent(venueId)}/membership-plans`);

export const useMembershipPlans = (venueId: string | undefined) =>
  useSWR<MembershipPlan[]>(venueId ? membershipPlansKey(venueId) : null, (key: string) => api<MembershipPlan[]>(key));
