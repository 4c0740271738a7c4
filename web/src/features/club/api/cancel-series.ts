import type { SeriesCancellationAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import { CLUB_CHANGES } from "./types";

/** DELETE /api/admin/booking-series/{id}: its bookings from today on are cancelled. */
export const cancelSeries = (seriesId: string) =>
  api<typeof SeriesCancellationAnswer.Encoded>(`/api/admin/booking-series/${encodeURIComponent(seriesId)}`, { method: "DELETE" });

export const useCancelSeries = () => useWrite("cancel-series", cancelSeries, CLUB_CHANGES);
