import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { SharedPaymentDetails } from "../../../types/api";

/** GET /api/shared-payment-links/{token}: anyone holding the token reads the link, its booking and court. */
export const sharedLinkKey = keyFor(["share-links"], (token: string) => `/api/shared-payment-links/${encodeURIComponent(token)}`);

export const fetchSharedLink = (key: string) => api<SharedPaymentDetails>(key);

export const useSharedLink = (token: string | undefined) => useSWR<SharedPaymentDetails>(token ? sharedLinkKey(token) : null, fetchSharedLink);
