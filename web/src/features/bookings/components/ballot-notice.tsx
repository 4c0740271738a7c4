import { Link } from "react-router-dom";
import { Dices, PartyPopper, CalendarX } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { formatInstant } from "../../../lib/format";
import { useBallot } from "../api/get-ballot";
import type { Ballot } from "../../../types/api";

/** '08:01' or '08:01:30' on the club's clock: when the draw decides. */
const decidesWords = (iso: string, timeZone: string): string => formatInstant(iso, iso.slice(17, 19) === "00" ? "HH:mm" : "HH:mm:ss", timeZone);

/**
 * A request that entered the release ballot (DESIGN.md section 15): the hour is drawn at
 * decidesAt among everyone who asked in the first seconds; asked again until decided, then won
 * (go pay the hold) or lost (choose another hour).
 */
export function BallotNotice({ entry, timeZone, onOtherHour, pollMs }: { entry: Ballot; timeZone: string; onOtherHour: () => void; pollMs?: number }) {
  const { data } = useBallot(entry.ballotId, pollMs);
  const ballot = data ?? entry;
  const when = decidesWords(ballot.decidesAt, timeZone);
  if (ballot.state === "won" && ballot.bookingId)
    return (
      <div role="status" data-testid="ballot-notice" className="flex flex-col gap-3 rounded-2xl border border-court-200 bg-court-50 p-4 text-sm text-court-950">
        <p className="flex items-center gap-2 font-semibold">
          <PartyPopper aria-hidden="true" className="h-5 w-5 shrink-0" /> ¡Ganaste el sorteo! Las {ballot.timeSlot} son tuyas.
        </p>
        <p>Te reservamos el horario sin pagar: págalo antes de que venza o se liberará. También te lo enviamos por correo.</p>
        <div>
          <Button asChild size="sm">
            <Link to={`/checkout/${ballot.bookingId}`}>Ir a pagar</Link>
          </Button>
        </div>
      </div>
    );
  if (ballot.state === "lost" || ballot.state === "won")
    return (
      <div role="status" data-testid="ballot-notice" className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <p className="flex items-center gap-2 font-semibold">
          <CalendarX aria-hidden="true" className="h-5 w-5 shrink-0" /> No ganaste el sorteo de las {ballot.timeSlot}.
        </p>
        <p>Otra persona se quedó con el horario. Puedes elegir otra hora libre.</p>
        <div>
          <Button size="sm" variant="outline" onClick={onOtherHour}>
            Elegir otra hora
          </Button>
        </div>
      </div>
    );
  return (
    <div role="status" aria-live="polite" data-testid="ballot-notice" className="flex flex-col gap-2 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <p className="flex items-center gap-2 font-semibold">
        <Dices aria-hidden="true" className="h-5 w-5 shrink-0" /> Este horario se sortea a las {when}.
      </p>
      <p>
        Las {ballot.timeSlot} se sortean entre quienes las pidieron al abrirse el día, para que nadie gane por llegar unos milisegundos antes. Te avisaremos
        aquí y por correo; no hace falta volver a pedirla.
      </p>
    </div>
  );
}
