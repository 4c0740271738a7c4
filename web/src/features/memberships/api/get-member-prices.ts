import useSWR from "swr";
import type { MemberPricesAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

export type MemberPrices = MemberPricesAnswer;

/**
 * GET /api/venues/{id}/member-prices: the signed-in player's membership of the venue and each
 * court's 'Precio socio' as the server charges it (`member: false` and no courts otherwise). Only
 * asked for a signed-in player: a guest would get 401.
 */
export const memberPricesKey = keyFor(["memberships"], (venueId: string) => `/api/venues/${encodeURIComponent(venueId)}/member-prices`);

export const useMemberPrices = (venueId: string | undefined, signedIn: boolean) =>
  useSWR<MemberPrices>(venueId && signedIn ? memberPricesKey(venueId) : null, (key: string) => api<MemberPrices>(key));
