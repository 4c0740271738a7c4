import type { Cents } from "./money.js";
import type { GameType } from "./pricing.js";
import { shareAt } from "./shares.js";

/**
 * Open matches ('Partidos abiertos', DESIGN.md section 17): an organiser who paid their share
 * offers the booking's other places to players of a level range. A place is the booking's share
 * link's place: a share intent holds it while open, a paid share takes it, as on /shared-payment.
 */

/** A player's self-rated level: 1.0 to 7.0 in steps of 0.5. */
export const LEVEL_MIN = 1;
export const LEVEL_MAX = 7;
export const isLevel = (value: number): boolean => Number.isFinite(value) && value >= LEVEL_MIN && value <= LEVEL_MAX && Number.isInteger(value * 2);
export const LEVEL_MESSAGE = "El nivel debe estar entre 1.0 y 7.0, en pasos de 0.5";
/** the levels a form offers, lowest first */
export const LEVELS: readonly number[] = Array.from({ length: (LEVEL_MAX - LEVEL_MIN) * 2 + 1 }, (_, i) => LEVEL_MIN + i / 2);
/** "3.5" */
export const formatLevel = (level: number): string => level.toFixed(1);

export const inLevelRange = (level: number | null | undefined, match: { readonly levelMin: number; readonly levelMax: number }): boolean =>
  level !== null && level !== undefined && level >= match.levelMin && level <= match.levelMax;

/** What a stranger may know of a player in a match: a first name and a level. */
export const firstNameOf = (fullName: string | null, username: string | null): string => {
  const name = (fullName ?? "").trim().split(/\s+/u)[0] ?? "";
  if (name !== "") return name;
  return username ?? "Jugador";
};

export type OpenMatchStatus = "open" | "closed";

/** An open match as stored and read with its booking and the booking's share link. */
export interface OpenMatchView {
  readonly id: string;
  readonly bookingId: string;
  readonly organiserId: string;
  readonly venueId: string;
  readonly venueName: string;
  readonly courtName: string;
  readonly courtNumber: number;
  readonly date: string;
  readonly timeSlot: string;
  readonly gameType: GameType;
  readonly levelMin: number;
  readonly levelMax: number;
  readonly note: string | null;
  readonly status: OpenMatchStatus;
  /** the booking's split deadline (or its start): joining and leaving end then */
  readonly deadline: Date;
  readonly bookingStatus: string;
  readonly totalAmount: Cents;
  readonly paidAmount: Cents;
  /** the booking's share link: its token opens share intents */
  readonly shareToken: string;
  readonly shareLinkId: string;
  readonly maxParticipants: number;
  /** paid shares, the organiser's included */
  readonly currentParticipants: number;
  /** share intents still open: each holds a place until paid or abandoned */
  readonly pendingShares: number;
  readonly createdAt: Date;
}

export interface MatchPlayer {
  readonly firstName: string;
  readonly level: number | null;
}

/** Places nobody holds: neither a paid share nor an open intent; none once the booking is paid in full. */
export const spotsLeftOf = (m: Pick<OpenMatchView, "maxParticipants" | "currentParticipants" | "pendingShares" | "totalAmount" | "paidAmount">): number =>
  m.paidAmount >= m.totalAmount ? 0 : Math.max(0, m.maxParticipants - m.currentParticipants - m.pendingShares);

/** The share the next player pays, as the share link charges it. */
export const pricePerPlayerOf = (m: Pick<OpenMatchView, "totalAmount" | "paidAmount" | "gameType" | "currentParticipants">): Cents =>
  Math.max(0, Math.min(shareAt(m.totalAmount, m.gameType, m.currentParticipants), m.totalAmount - m.paidAmount));

/** A match is listed (and can be joined) while open, its booking active, before its deadline. */
export const isJoinable = (m: Pick<OpenMatchView, "status" | "bookingStatus" | "deadline">, now: Date): boolean =>
  m.status === "open" && m.bookingStatus === "active" && m.deadline.getTime() > now.getTime();

/** At most this many matches in one list answer: the list stays small whatever is open. */
export const OPEN_MATCH_LIST_LIMIT = 50;

export const MATCH_MESSAGES = {
  notFound: "Partido no encontrado",
  closed: "El organizador cerró este partido a nuevos jugadores",
  full: "Este partido ya está completo",
  fullPending: "El último lugar de este partido tiene un pago en curso. Intenta de nuevo en unos minutos.",
  levelUnset: "Indica tu nivel en tu perfil para unirte a un partido",
  levelOut: (min: number, max: number) => `Este partido es para nivel ${formatLevel(min)} a ${formatLevel(max)}`,
  own: "No puedes unirte a tu propio partido",
  already: "Ya estás en este partido: tu recibo está en Historial de Pagos.",
  deadline: "Terminó el plazo para unirse a este partido",
  leaveDeadline: "Ya pasó el plazo para dejar el partido: tu lugar queda pagado",
  notIn: "No estás en este partido",
  organiserLeaves: "Eres el organizador: para no jugar, cancela la reserva",
  notOrganiser: "Solo el organizador de la reserva puede abrir o cerrar su partido",
  organiserUnpaid: "Paga tu parte de la reserva antes de abrir el partido",
  fullyPaid: "La reserva ya está pagada por completo: no quedan lugares para otros jugadores",
  notActive: "La reserva no está activa",
  tooLate: "Ya pasó el plazo para pagar por partes: no se puede abrir el partido",
  range: "El nivel mínimo no puede ser mayor que el máximo",
} as const;
