import type { SeriesCancellationAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import { CLUB_CHANGES } from "./types";

/** DELETE /api/admin/booking-series/{id}: its bookings from today on are cancelled; `reason`, if given, is told to the player. */
export const cancelSeries = ({ seriesId, reason }: { readonly seriesId: string; readonly reason?: string }) =>
  api<typeof SeriesCancellationAnswer.Encoded>(`/api/admin/booking-series/${encodeURIComponent(seriesId)}`, {
    method: "DELETE",
    ...(reason ? { json: { reason } } : {}),
  });

export const useCancelSeries = () => useWrite("cancel-series", cancelSeries, CLUB_CHANGES);
