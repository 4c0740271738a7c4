import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { addDays, instantOf, isLocalDate } from "@courts/core";
import { Ban, ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { AppDialog } from "../../../components/ui/dialog";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { SelectField, TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { blockLabel } from "../../../features/club/block-days";
import { useDeleteBlock } from "../../../features/club/api/delete-block";
import { useActiveBlocks } from "../../../features/club/api/get-active-blocks";
import { useDaySchedule } from "../../../features/club/api/get-day-schedule";
import { CellActions } from "../../../features/club/components/cell-actions";
import { cellSummary, ScheduleGrid, type PickedCell } from "../../../features/club/components/schedule-grid";
import { useConfig } from "../../../features/config/api/get-config";
import { useVenues } from "../../../features/venues/api/get-venues";
import { capitalize, formatDay } from "../../../lib/format";
import { isPending } from "../../../lib/swr";
import { AdminShell } from "../../layout/admin-shell";

function Schedule() {
  const { data: config } = useConfig();
  const venues = useVenues();
  const [params, setParams] = useSearchParams();
  const asked = params.get("date") ?? "";
  const date = isLocalDate(asked) ? asked : (config?.today ?? "");
  const venueId = params.get("venueId") ?? venues.data?.[0]?.id;
  const scheduled = date !== "" && venueId !== undefined;
  const schedule = useDaySchedule(date, scheduled ? venueId : undefined);
  const [picked, setPicked] = useState<PickedCell | null>(null);

  const go = (next: { date?: string; venueId?: string }) => {
    const merged = new URLSearchParams(params);
    if (next.date) merged.set("date", next.date);
    if (next.venueId) merged.set("venueId", next.venueId);
    setParams(merged, { replace: true });
  };
  const isPast = (slot: string) => (config && date ? instantOf(date, slot, config.timeZone).getTime() <= Date.now() : false);

  if (!config || isPending(venues)) return <Spinner label="Cargando horario..." />;
  if (venues.error || !venues.data) return <ErrorNotice>No se pudieron cargar los complejos.</ErrorNotice>;
  const courts = schedule.data?.venues[0]?.courts ?? [];

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex items-end gap-2">
          <Button variant="outline" size="icon" aria-label="Día anterior" onClick={() => go({ date: addDays(date, -1) })}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </Button>
          <TextField label="Día" type="date" value={date} onChange={(e) => isLocalDate(e.target.value) && go({ date: e.target.value })} className="w-44" />
          <Button variant="outline" size="icon" aria-label="Día siguiente" onClick={() => go({ date: addDays(date, 1) })}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </Button>
          <Button variant="secondary" size="sm" onClick={() => go({ date: config.today })}>
            Hoy
          </Button>
        </div>
        {venues.data.length > 1 && (
          <SelectField label="Complejo" value={venueId ?? ""} onChange={(e) => go({ venueId: e.target.value })} className="sm:w-64">
            {venues.data.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <h2 className="mb-3 text-lg font-bold text-stone-900">{capitalize(formatDay(date))}</h2>
      {/* without a venue the read has no key and never answers: that is no loading */}
      {scheduled && isPending(schedule) ? (
        <Spinner label="Cargando horario..." />
      ) : schedule.error ? (
        <ErrorNotice>No se pudo cargar el horario de este día.</ErrorNotice>
      ) : courts.length === 0 ? (
        <ErrorNotice>Este complejo no tiene canchas.</ErrorNotice>
      ) : (
        <ScheduleGrid courts={courts} isPast={isPast} onPick={setPicked} />
      )}
      <ActiveBlocks venueId={venueId} courts={courts} />
      <AppDialog
        open={picked !== null}
        onOpenChange={(open) => !open && setPicked(null)}
        title={picked ? `${picked.court.name} · ${picked.cell.timeSlot}` : ""}
        description={picked ? `${capitalize(formatDay(date, "EEEE d 'de' MMMM"))} · ${cellSummary(picked.cell, picked.court)}` : undefined}
      >
        {picked && venueId && (
          <CellActions
            key={`${picked.court.id}-${picked.cell.timeSlot}`}
            picked={picked}
            date={date}
            venueId={venueId}
            past={isPast(picked.cell.timeSlot)}
            timeZone={config?.timeZone}
            onDone={() => setPicked(null)}
          />
        )}
      </AppDialog>
    </>
  );
}

/** The venue's blocks still ahead, each removable: a block over weeks is seen whole here. */
function ActiveBlocks({ venueId, courts }: { venueId: string | undefined; courts: readonly { id: string; name: string }[] }) {
  const blocks = useActiveBlocks(venueId);
  const [removing, setRemoving] = useState<string | null>(null);
  const { trigger: deleteBlock } = useDeleteBlock();
  if (!blocks.data || blocks.data.length === 0) return null;
  return (
    <section aria-labelledby="bloqueos" className="mt-6">
      <h2 id="bloqueos" className="mb-3 flex items-center gap-2 text-lg font-bold text-stone-900">
        <Ban aria-hidden="true" className="h-5 w-5 text-amber-600" /> Bloqueos vigentes
      </h2>
      <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white">
        {blocks.data.map((block) => (
          <li key={block.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-stone-900">{blockLabel(block, courts)}</p>
              {block.note && <p className="text-stone-600">{block.note}</p>}
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={removing !== null}
              aria-busy={removing === block.id}
              onClick={() => {
                setRemoving(block.id);
                deleteBlock(block.id)
                  .then(() => toast({ title: "Bloqueo eliminado", description: "Las horas vuelven a estar disponibles." }))
                  .catch((error: unknown) => toastError("Error", describeError(error, "No se pudo quitar el bloqueo")))
                  .finally(() => setRemoving(null));
              }}
            >
              Quitar
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AdminScheduleScreen() {
  return (
    <AdminShell title="Horario del día" description="Reservas, bloqueos y cobros de cada cancha, hora por hora.">
      <Schedule />
    </AdminShell>
  );
}
