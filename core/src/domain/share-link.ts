import type { Cents } from "./money.js";
import { HOUR_MS } from "./time.js";

export interface ShareLink {
  readonly id: string;
  readonly token: string;
  readonly bookingId: string;
  readonly amountPerPerson: Cents;
  readonly maxParticipants: number;
  /** paid shares, the organiser's included */
  readonly currentParticipants: number;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export const SHARE_LINK_HOURS = 48;

/** The earlier of 48 h after creation and the booking's start. */
export const shareLinkExpiry = (createdAt: Date, bookingStart: Date): Date =>
  new Date(Math.min(createdAt.getTime() + SHARE_LINK_HOURS * HOUR_MS, bookingStart.getTime()));

export const isExpired = (link: Pick<ShareLink, "expiresAt">, now: Date): boolean =>
  now.getTime() > link.expiresAt.getTime();

export const isFull = (link: Pick<ShareLink, "currentParticipants" | "maxParticipants">): boolean =>
  link.currentParticipants >= link.maxParticipants;

export const placesLeft = (link: Pick<ShareLink, "currentParticipants" | "maxParticipants">): number =>
  Math.max(link.maxParticipants - link.currentParticipants, 0);

/**
 * A pending share intent with a discount code is abandoned after this many minutes (the sweep
 * cancels it at the provider and gives the code's use back), not after INTENT_TTL_MINUTES: guests
 * opening intents cannot keep a limited code from everyone else for long.
 */
export const GUEST_CODE_INTENT_MINUTES = 10;

/** Every place of a link is held by a paid share or by a share intent still open (409). */
export const PLACES_IN_PAYMENT_MESSAGE = "Todos los lugares de este link tienen un pago en curso. Intenta de nuevo en unos minutos.";

/**
 * Why a link no longer takes payments when it is the booking's doing (a new link would not help):
 * the API's message (410), and the heading /shared-payment shows for it. SPEC's 'Link Expirado'
 * stays for a link that ran out itself.
 */
export const LINK_UNUSABLE = {
  cancelled: { message: "La reserva fue cancelada: este link ya no acepta pagos", title: "Reserva cancelada" },
  expired: { message: "La reserva expiró sin pagarse: este link ya no acepta pagos", title: "Reserva expirada" },
  deadline: { message: "Terminó el plazo para pagar por partes: el resto lo paga el organizador", title: "Plazo terminado" },
} as const;

/** A link of a booking its organiser has not paid yet (409): the others pay once the organiser has. */
export const WAITING_FOR_ORGANISER = {
  message: "El organizador todavía no pagó su parte: podrás pagar la tuya cuando lo haga",
  title: "Esperando al organizador",
} as const;
