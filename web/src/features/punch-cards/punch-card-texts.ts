import { bandOf, NIGHT_FROM_HOUR, type PunchCardAnswer, type PunchCardProductAnswer } from "@courts/core";

/** What a card's or product's band is called: SPEC's day and night tariffs, night from 18:00. */
export const BAND_LABELS: Readonly<Record<"day" | "night", string>> = {
  day: `Horario de día (antes de las ${NIGHT_FROM_HOUR}:00)`,
  night: `Horario de noche (desde las ${NIGHT_FROM_HOUR}:00)`,
};

/** "10 horas", "1 hora". */
export const hoursText = (hours: number): string => `${hours} ${hours === 1 ? "hora" : "horas"}`;

/** "Quedan 7 de 10 horas", "Queda 1 de 10 horas". */
export const hoursLeftText = (card: Pick<PunchCardAnswer, "hours" | "hoursLeft">): string =>
  `${card.hoursLeft === 1 ? "Queda" : "Quedan"} ${card.hoursLeft} de ${hoursText(card.hours)}`;

/** Where and when a card or product pays: its venue (named by the caller) and its band; any otherwise. */
export const scopeText = (item: Pick<PunchCardAnswer, "venueId" | "band">, venueName: (id: string) => string | undefined): string => {
  const venue = item.venueId === null ? "Todas las sedes" : (venueName(item.venueId) ?? "Una sede");
  const band = item.band === null ? "Cualquier horario" : BAND_LABELS[item.band];
  return `${venue} · ${band}`;
};

/** "Válido 90 días desde la compra". */
export const validityText = (product: Pick<PunchCardProductAnswer, "validDays">): string =>
  `Válido ${product.validDays} ${product.validDays === 1 ? "día" : "días"} desde la compra`;

/** Whether the card's validity has ended (it no longer pays, whatever hours it has). */
export const isExpired = (card: Pick<PunchCardAnswer, "expiresAt">, now: Date): boolean => new Date(card.expiresAt).getTime() <= now.getTime();

/**
 * The player's cards that may pay this booking: still usable (hours left, not expired), for its
 * court's venue (or any) and its slot's band (or any). The server decides in the end and says why
 * it refuses; this only keeps a card that cannot pay out of the choice.
 */
export const cardsForBooking = (
  cards: readonly PunchCardAnswer[],
  booking: { readonly timeSlot: string; readonly court?: { readonly venueId: string } | null },
  now: Date,
): PunchCardAnswer[] => {
  const band = bandOf(booking.timeSlot);
  return cards.filter(
    (card) =>
      card.usable &&
      card.hoursLeft > 0 &&
      !isExpired(card, now) &&
      (card.venueId === null || !booking.court || card.venueId === booking.court.venueId) &&
      (card.band === null || card.band === band),
  );
};
