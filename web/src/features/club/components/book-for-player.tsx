import { useState, type FormEvent } from "react";
import { BookingSeriesBody } from "@courts/core";
import { Schema } from "effect";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { formatDay } from "../../../lib/format";
import { checkRequest, withLabels } from "../../../lib/request-schema";
import type { User } from "../../../types/api";
import { useBookForPlayer } from "../api/book-for-player";
import { useCreateSeries } from "../api/create-series";
import { PlayerPicker, playerName } from "./player-picker";
import type { PickedCell } from "./schedule-grid";

/** The API's field names as the form labels them, for its messages ('weeks' -> «Semanas»). */
const SERIES_LABELS = { weeks: "Semanas" };
const SeriesWeeks = Schema.Struct({ weeks: BookingSeriesBody.fields.weeks });

/** 'Reservar para un jugador': the player (found or added at the desk), then the game and whether it repeats weekly. */
export function BookForPlayer({ picked, date, onDone }: { picked: PickedCell; date: string; onDone: () => void }) {
  const [player, setPlayer] = useState<User | null>(null);
  const [gameType, setGameType] = useState<"singles" | "doubles">("singles");
  const [weekly, setWeekly] = useState(false);
  const [weeks, setWeeks] = useState("12");
  const [busy, setBusy] = useState(false);
  const { trigger: createSeries } = useCreateSeries();
  const { trigger: bookForPlayer } = useBookForPlayer();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!player) return;
    const checked = weekly ? checkRequest(SeriesWeeks, { weeks: Number(weeks) }, SERIES_LABELS) : null;
    if (checked && !checked.ok) {
      toastError("Error al crear reserva", checked.first);
      return;
    }
    setBusy(true);
    try {
      const slot = { courtId: picked.court.id, timeSlot: picked.cell.timeSlot, gameType, userId: player.id };
      const name = playerName(player);
      if (weekly) {
        const answer = await createSeries({ ...slot, startDate: date, weeks: Number(weeks) });
        const skipped = answer.skipped.map((s) => `${formatDay(s.date, "d MMM")} (${s.message})`).join(", ");
        toast({
          title: "Reserva fija creada",
          description: `${answer.created.length} semanas reservadas para ${name}.${skipped ? ` Omitidas: ${skipped}.` : ""}`,
        });
      } else {
        await bookForPlayer({ ...slot, date });
        toast({ title: "Reserva creada", description: `${picked.court.name} a las ${picked.cell.timeSlot} para ${name}` });
      }
      onDone();
    } catch (error) {
      toastError("Error al crear reserva", withLabels(describeError(error, "No se pudo crear la reserva"), SERIES_LABELS));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-5">
      <PlayerPicker selected={player} onSelect={setPlayer} />
      {player && (
        // noValidate: the weeks read SeriesWeeks' Spanish message, not the browser's bubble
        <form className="space-y-4" noValidate onSubmit={(e) => void submit(e)}>
          <SelectField label="Modalidad" value={gameType} onChange={(e) => setGameType(e.target.value as "singles" | "doubles")}>
            <option value="singles">Singles (2 personas)</option>
            <option value="doubles">Dobles (4 personas)</option>
          </SelectField>
          <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
            <input type="checkbox" checked={weekly} onChange={(e) => setWeekly(e.target.checked)} className="h-4 w-4 accent-court-700" />
            Repetir cada semana (reserva fija)
          </label>
          {weekly && (
            <TextField label="Semanas" type="number" min={1} max={52} value={weeks} onChange={(e) => setWeeks(e.target.value)} hint="De 1 a 52. Las semanas ocupadas o cerradas se omiten." />
          )}
          <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
            {busy ? "Procesando..." : weekly ? "Crear reserva fija" : "Reservar"}
          </Button>
        </form>
      )}
    </div>
  );
}
