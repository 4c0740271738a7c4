import type { GameType } from "@courts/core";
import { formatInstant } from "../../../lib/format";

/** What a share control is given: the booking, and what its link's end is told against. */
export interface ShareLinkProps {
  readonly bookingId: string;
  readonly gameType: GameType;
  /** the booking's split deadline, when it has one */
  readonly shareDeadlineAt?: string | null;
  /** the club's */
  readonly timeZone?: string;
}

/** A link's end or a split deadline as the share screens say it: '8 de junio a las 10:30'. */
export const linkTime = (iso: string, timeZone: string | undefined) => formatInstant(iso, "d 'de' MMMM 'a las' HH:mm", timeZone);

/**
 * The split deadline when the link ends before it, else null. A link lives 48 h at most: made
 * earlier than 48 h before the deadline, it ends first, and the organiser can send a new one until
 * the deadline.
 */
export const deadlineAfterLink = (expiresAt: string, shareDeadlineAt: string | null | undefined): string | null =>
  shareDeadlineAt != null && Date.parse(shareDeadlineAt) > Date.parse(expiresAt) ? shareDeadlineAt : null;

/**
 * Until when a share link takes payments. When the link ends first (deadlineAfterLink), the
 * organiser is told so and that a new one can be sent until the deadline (checkout promised the
 * others could pay until then). Both in the club's `timeZone`.
 */
export function LinkLifetime({ expiresAt, shareDeadlineAt, timeZone }: { expiresAt: string; shareDeadlineAt?: string | null; timeZone?: string }) {
  const later = deadlineAfterLink(expiresAt, shareDeadlineAt);
  return (
    <p data-testid="link-lifetime" className="text-xs text-stone-600">
      Este link vence el {linkTime(expiresAt, timeZone)}.
      {later && ` Después puedes enviar uno nuevo desde Mis Reservas, hasta el ${linkTime(later, timeZone)}.`}
    </p>
  );
}
