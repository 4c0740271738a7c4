import { useState } from "react";
import { BellRing, BellOff } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { useWaitlist } from "../api/get-waitlist";
import { useJoinWaitlist } from "../api/join-waitlist";
import { useLeaveWaitlist } from "../api/leave-waitlist";

/**
 * The taken slots of a day, each with 'Avisarme si se libera': one mail when it frees (a
 * cancellation or an unpaid hold that ends), and whoever books first gets it.
 */
export function WaitlistPanel({ courtId, date, takenSlots }: { courtId: string; date: string; takenSlots: readonly string[] }) {
  const { data: entries } = useWaitlist(takenSlots.length > 0);
  const [busy, setBusy] = useState<string | null>(null);
  const { trigger: joinWaitlist } = useJoinWaitlist();
  const { trigger: leaveWaitlist } = useLeaveWaitlist();
  if (takenSlots.length === 0) return null;
  const entryOf = (slot: string) => entries?.find((e) => e.courtId === courtId && e.date === date && e.timeSlot === slot);

  const toggle = async (slot: string) => {
    setBusy(slot);
    try {
      const entry = entryOf(slot);
      if (entry) {
        await leaveWaitlist(entry.id);
        toast({ title: "Aviso quitado", description: `Ya no te avisaremos por las ${slot}.` });
      } else {
        await joinWaitlist({ courtId, date, timeSlot: slot });
        toast({ title: "Te avisaremos", description: `Si las ${slot} se liberan, te enviaremos un correo.` });
      }
    } catch (e) {
      toastError("Error", describeError(e, "No se pudo guardar el aviso"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="lista-espera" className="mt-5 rounded-xl border border-stone-200 p-4">
      <h3 id="lista-espera" className="text-sm font-semibold text-stone-900">
        ¿Querías una hora ocupada?
      </h3>
      <p className="mt-1 text-xs text-stone-600">Te enviamos un correo si se libera; quien reserve primero se la queda.</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {takenSlots.map((slot) => {
          const waiting = entryOf(slot) !== undefined;
          return (
            <li key={slot}>
              <Button
                size="sm"
                variant={waiting ? "secondary" : "outline"}
                onClick={() => void toggle(slot)}
                disabled={busy === slot}
                aria-pressed={waiting}
                aria-label={waiting ? `Quitar aviso de las ${slot}` : `Avisarme si se libera: ${slot}`}
              >
                {waiting ? <BellOff aria-hidden="true" className="h-4 w-4" /> : <BellRing aria-hidden="true" className="h-4 w-4" />}
                {slot} · {waiting ? "Te avisaremos" : "Avisarme si se libera"}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
