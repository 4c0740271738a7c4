import { ApiError, describeError } from "../../lib/api-client";

/** A product's time band ('franja') in the admin's words: a punch card without one pays any hour. */
export const bandText = (band: "day" | "night" | null): string => (band === "day" ? "Diurna" : band === "night" ? "Nocturna" : "Cualquiera");

/** Where a product can be used: its venue's name, or every venue. */
export const venueText = (venueId: string | null, venues: readonly { id: string; name: string }[]): string =>
  venueId === null ? "Todas" : (venues.find((v) => v.id === venueId)?.name ?? "Sede retirada");

export const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** The blank a person left in a number field: undefined (the schema says it is missing), else the number typed. */
export const numberOrMissing = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/**
 * What the server refused, for the form to show: the field its message is about (when the form
 * has it) and the message itself, or a fallback when the server could not be reached.
 */
export const refusalOf = (error: unknown, fallback: string): { field?: string; message: string } => ({
  ...(error instanceof ApiError && error.field !== undefined ? { field: error.field } : {}),
  message: describeError(error, fallback),
});
