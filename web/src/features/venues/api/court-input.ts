import type { CourtBody } from "@courts/core";

/** What the court form sends (POST /api/courts, PUT /api/courts/{id}): the request schema's encoded side. */
export type CourtInput = typeof CourtBody.Encoded;
