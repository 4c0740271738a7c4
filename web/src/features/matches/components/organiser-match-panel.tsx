import { useState } from "react";
import { Link } from "react-router-dom";
import { UsersRound } from "lucide-react";
import { formatLevel, LEVELS } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError, isStatus } from "../../../lib/api-client";
import { useBookingMatch, useCloseMatch, useOpenMatchWrite } from "../api/open-matches";
import { levelRange, spotsText } from "./match-card";

/**
 * On the organiser's booking: 'Buscar jugadores' opens the booking's match to a level range;
 * once open it says how many places are left and closes with 'Cerrar partido'.
 */
export function OrganiserMatchPanel({ bookingId }: { bookingId: string }) {
  const current = useBookingMatch(bookingId);
  const { trigger: open, isMutating: opening } = useOpenMatchWrite();
  const { trigger: close, isMutating: closing } = useCloseMatch();
  const [editing, setEditing] = useState(false);
  const [levelMin, setLevelMin] = useState("3");
  const [levelMax, setLevelMax] = useState("4.5");
  const [note, setNote] = useState("");
  const match = current.data;
  const isOpen = match?.status === "open";

  const submit = async () => {
    try {
      await open({ bookingId, levelMin: Number(levelMin), levelMax: Number(levelMax), note: note.trim() === "" ? null : note.trim() });
      await current.mutate();
      setEditing(false);
      toast({ title: "Partido abierto", description: "Los jugadores de ese nivel ya lo ven en Partidos." });
    } catch (error) {
      toastError("No se pudo abrir el partido", describeError(error, "Intenta de nuevo"));
    }
  };
  const stop = async () => {
    try {
      await close(bookingId);
      await current.mutate();
      toast({ title: "Partido cerrado", description: "Nadie más puede unirse; quienes ya pagaron siguen en el partido." });
    } catch (error) {
      toastError("No se pudo cerrar el partido", describeError(error, "Intenta de nuevo"));
    }
  };

  if (current.isLoading) return null;
  if (current.error && !isStatus(current.error, 404)) return null;

  if (isOpen && !editing)
    return (
      <div className="flex basis-full flex-wrap items-center gap-2 rounded-xl bg-court-50 p-3 text-sm text-court-900" data-testid="organiser-match">
        <UsersRound aria-hidden="true" className="h-4 w-4" />
        <span className="font-semibold">Partido abierto · {levelRange(match)}</span>
        <span>{spotsText(match.spotsLeft)}</span>
        <span className="ml-auto flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/partidos/${match.id}`}>Ver partido</Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => void stop()} disabled={closing}>
            Cerrar partido
          </Button>
        </span>
      </div>
    );

  if (!editing)
    return (
      <div className="basis-full">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <UsersRound aria-hidden="true" className="h-4 w-4" /> {match ? "Reabrir partido" : "Buscar jugadores"}
        </Button>
      </div>
    );

  return (
    <form
      className="basis-full space-y-3 rounded-xl border border-stone-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label="Abrir partido"
    >
      <p className="text-sm text-stone-700">Publica los lugares que faltan en Partidos para jugadores de este nivel. Cada uno paga su parte con tarjeta.</p>
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Nivel mínimo" value={levelMin} onChange={(e) => setLevelMin(e.target.value)}>
          {LEVELS.map((l) => (
            <option key={l} value={String(l)}>
              {formatLevel(l)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Nivel máximo" value={levelMax} onChange={(e) => setLevelMax(e.target.value)}>
          {LEVELS.map((l) => (
            <option key={l} value={String(l)}>
              {formatLevel(l)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Nota (opcional)" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} placeholder="Ej.: partido amistoso, traer pelotas" />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={opening} aria-busy={opening}>
          {opening ? "Abriendo..." : "Abrir partido"}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
