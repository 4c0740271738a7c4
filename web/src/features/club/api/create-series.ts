import type { BookingSeriesBody, SeriesCreatedAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import { CLUB_CHANGES } from "./types";

export type SeriesAnswer = SeriesCreatedAnswer;

/** POST /api/admin/booking-series: the same hour every week; taken, closed or past weeks are skipped. */
export const createSeries = (input: typeof BookingSeriesBody.Encoded) =>
  api<SeriesAnswer>("/api/admin/booking-series", { method: "POST", json: input });

export const useCreateSeries = () => useWrite("create-series", createSeries, CLUB_CHANGES);
