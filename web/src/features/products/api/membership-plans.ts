import type { MembershipAnswer, MembershipPlanAnswer, MembershipPlanBody } from "@courts/core";
import useSWR, { useSWRConfig } from "swr";
import { api } from "../../../lib/api-client";
import { keyFor, useWrite } from "../../../lib/swr";

export type MembershipPlan = typeof MembershipPlanAnswer.Encoded;
export type Membership = typeof MembershipAnswer.Encoded;
/** What the 'Nuevo plan' form sends: the request schema's encoded side. */
export type MembershipPlanInput = typeof MembershipPlanBody.Encoded;

/** GET /api/venues/{id}/membership-plans: a venue's plans on sale ('Socios'). */
export const membershipPlansKey = keyFor(["products"], (venueId: string) => `/api/venues/${encodeURIComponent(venueId)}/membership-plans`);

export const useMembershipPlans = (venueId: string | undefined) =>
  useSWR<MembershipPlan[]>(venueId ? membershipPlansKey(venueId) : null, (key: string) => api<MembershipPlan[]>(key));

/** POST /api/admin/membership-plans. */
export const createMembershipPlan = (input: MembershipPlanInput) =>
  api<MembershipPlan>("/api/admin/membership-plans", { method: "POST", json: input });

const useCreatePlanWrite = () => useWrite("create-membership-plan", createMembershipPlan, ["products"]);

/**
 * Creates a plan, then reads its venue's plans again by their key: the players' screens build the
 * same key under their own topic, and a key keeps the topics of whoever built it first.
 */
export const useCreateMembershipPlan = () => {
  const write = useCreatePlanWrite();
  const { mutate } = useSWRConfig();
  const trigger = async (input: MembershipPlanInput) => {
    const plan = await write.trigger(input);
    await mutate(membershipPlansKey(input.venueId));
    return plan;
  };
  return { trigger, isMutating: write.isMutating };
};

/** DELETE /api/admin/membership-plans/{id}: off sale and off the players' list; memberships bought stay valid. */
export const withdrawMembershipPlan = (id: string) => api<void>(`/api/admin/membership-plans/${encodeURIComponent(id)}`, { method: "DELETE" });

const useWithdrawPlanWrite = () => useWrite("withdraw-membership-plan", withdrawMembershipPlan, ["products", "memberships"]);

/** Withdraws a plan, then reads its venue's plans again by their key (as a new plan does). */
export const useWithdrawMembershipPlan = (venueId: string) => {
  const write = useWithdrawPlanWrite();
  const { mutate } = useSWRConfig();
  const trigger = async (id: string) => {
    await write.trigger(id);
    await mutate(membershipPlansKey(venueId));
  };
  return { trigger, isMutating: write.isMutating };
};

/** POST /api/admin/users/{id}/memberships: a membership paid in cash at the desk, with its receipt. */
export const recordDeskMembership = ({ userId, planId }: { userId: string; planId: string }) =>
  api<Membership>(`/api/admin/users/${encodeURIComponent(userId)}/memberships`, { method: "POST", json: { planId } });

export const useRecordDeskMembership = () => useWrite("record-desk-membership", recordDeskMembership, ["products", "payments"]);
