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

const when = (iso: string, timeZone: string | undefined) => formatInstant(iso, "d 'de' MMMM 'a las' HH:mm", timeZone);

/**
 * Until when a share link takes payments. A link lives 48 h at most: when the booking's split
 * deadline comes later, the organiser is told the link ends first and that a new one can be sent
 * until the deadline (checkout promised the others could pay until then). Both in the club's
 * `timeZone`.
 */
export function LinkLifetime({ expiresAt, shareDeadlineAt, timeZone }: { expiresAt: string; shareDeadlineAt?: string | null; timeZone?: string }) {
  const endsFirst = shareDeadlineAt != null && Date.parse(shareDeadlineAt) > Date.parse(expiresAt);
  return (
    <p data-testid="link-lifetime" className="text-xs text-stone-600">
      Este link vence el {when(expiresAt, timeZone)}.
      {endsFirst && ` Después puedes enviar uno nuevo desde Mis Reservas, hasta el ${when(shareDeadlineAt, timeZone)}.`}
    </p>
  );
}
