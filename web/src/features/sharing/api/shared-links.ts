import useSWR from "swr";
import { api } from "../../../lib/api-client";
import type { CreatedShareLink, SharedPaymentDetails } from "../../../types/api";

/** Shared payment links: the organiser creates one; anyone holding the token reads it. */
export const sharedLinkKey = (token: string) => `/api/shared-payment-links/${encodeURIComponent(token)}`;

export const useSharedLink = (token: string | undefined) => useSWR<SharedPaymentDetails>(token ? sharedLinkKey(token) : null);

export const createSharedLink = (input: { bookingId: string; maxParticipants: number }) =>
  api<CreatedShareLink>("/api/shared-payment-links", { method: "POST", json: input });
