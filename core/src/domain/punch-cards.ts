import type { Cents } from "./money.js";
import type { TariffBand } from "./slots.js";

/**
 * Punch cards ('Bonos', DESIGN.md section 16): hours bought ahead by card. One hour pays one
 * booking of a matching venue and band in full; a cancellation refunded at 100% gives it back.
 */
export interface PunchCardProduct {
  readonly id: string;
  readonly name: string;
  readonly hours: number;
  readonly price: Cents;
  readonly validDays: number;
  /** the venue whose courts it pays; null: any venue */
  readonly venueId: string | null;
  /** the tariff band it pays; null: day and night */
  readonly band: TariffBand | null;
  readonly active: boolean;
  readonly createdAt: Date;
}

export interface PunchCard {
  readonly id: string;
  readonly userId: string;
  readonly productId: string;
  readonly name: string;
  readonly hours: number;
  readonly hoursLeft: number;
  readonly venueId: string | null;
  readonly band: TariffBand | null;
  readonly expiresAt: Date;
  /** the purchase that paid it (bought by card) */
  readonly purchaseId: string | null;
  readonly createdAt: Date;
}

export const MIN_PUNCH_HOURS = 1;
export const MAX_PUNCH_HOURS = 100;
export const MAX_VALID_DAYS = 730;

/** When a card bought at `at` stops paying. */
export const punchCardExpiry = (at: Date, validDays: number): Date => new Date(at.getTime() + validDays * 86_400_000);

/** Why a card cannot pay a booking, in Spanish; undefined when it can. */
export const punchCardRefusal = (
  card: Pick<PunchCard, "hoursLeft" | "venueId" | "band" | "expiresAt">,
  booking: { readonly venueId: string; readonly band: TariffBand },
  now: Date,
): string | undefined => {
  if (card.expiresAt.getTime() <= now.getTime()) return "Este bono venció: ya no puede pagar reservas";
  if (card.hoursLeft <= 0) return "Este bono no tiene horas disponibles";
  if (card.venueId !== null && card.venueId !== booking.venueId) return "Este bono no vale para las canchas de esta sede";
  if (card.band !== null && card.band !== booking.band)
    return card.band === "day" ? "Este bono solo vale para horas de día" : "Este bono solo vale para horas de noche";
  return undefined;
};

/** A card's intent id of its own, as cash has (no card intent): `punch-<payment id>`. */
export const punchCardIntentId = (paymentId: string): string => `punch-${paymentId}`;
