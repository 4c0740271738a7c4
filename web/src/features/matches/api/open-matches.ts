import useSWR from "swr";
import type { MatchJoinAnswer, MatchLeaveAnswer, OpenMatchAnswer, OpenMatchListAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { keyFor, useWrite } from "../../../lib/swr";

/**
 * Open matches ('Partidos', DESIGN.md section 17). A match's places are its booking's share-link
 * places, so its answers live under the share links' topic: recording a share (POST /api/payments)
 * refreshes them as it refreshes /shared-payment.
 */
export type OpenMatch = OpenMatchAnswer;

export interface MatchFilters {
  readonly venueId?: string;
  readonly date?: string;
  readonly level?: string;
}

const query = (f: MatchFilters): string => {
  const params = new URLSearchParams();
  if (f.venueId) params.set("venueId", f.venueId);
  if (f.date) params.set("date", f.date);
  if (f.level) params.set("level", f.level);
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
};

/** GET /api/open-matches: public, upcoming matches with places left. */
export const openMatchesKey = keyFor(["share-links"], (filters: MatchFilters) => `/api/open-matches${query(filters)}`);
export const useOpenMatches = (filters: MatchFilters) => useSWR<OpenMatchListAnswer>(openMatchesKey(filters), (key: string) => api<OpenMatchListAnswer>(key));

/** GET /api/open-matches/{id}: one match, for its page. */
export const openMatchKey = keyFor(["share-links"], (id: string) => `/api/open-matches/${encodeURIComponent(id)}`);
export const useOpenMatch = (id: string) => useSWR<OpenMatch>(id ? openMatchKey(id) : null, (key: string) => api<OpenMatch>(key));

/** GET /api/bookings/{id}/open-match: the organiser's match of a booking (404 while it has none). */
export const bookingMatchKey = keyFor(["share-links", "bookings"], (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/open-match`);
export const useBookingMatch = (bookingId: string) => useSWR<OpenMatch>(bookingMatchKey(bookingId), (key: string) => api<OpenMatch>(key));

export interface MatchOpening {
  readonly bookingId: string;
  readonly levelMin: number;
  readonly levelMax: number;
  readonly note?: string | null;
}

const openMatch = ({ bookingId, ...body }: MatchOpening) =>
  api<OpenMatch>(`/api/bookings/${encodeURIComponent(bookingId)}/open-match`, { method: "POST", json: body });
export const useOpenMatchWrite = () => useWrite("open-match", openMatch, ["share-links"]);

const closeMatch = (bookingId: string) => api<null>(`/api/bookings/${encodeURIComponent(bookingId)}/open-match`, { method: "DELETE" });
export const useCloseMatch = () => useWrite("close-match", closeMatch, ["share-links"]);

/** POST /api/open-matches/{id}/join: a card intent for one share (nothing counts until it is paid and recorded). */
export const joinMatch = (id: string) => api<MatchJoinAnswer>(`/api/open-matches/${encodeURIComponent(id)}/join`, { method: "POST" });

const leaveMatch = (id: string) => api<MatchLeaveAnswer>(`/api/open-matches/${encodeURIComponent(id)}/leave`, { method: "POST" });
export const useLeaveMatch = () => useWrite("leave-match", leaveMatch, ["share-links", "bookings", "payments"]);
