import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { Row } from "../../../components/ui/page";
import { toast, toastError } from "../../../components/ui/toast";
import { ApiError, describeError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { capitalize, formatDay, money } from "../../../lib/format";
import { checkRequest, withLabels } from "../../../lib/request-schema";
import { BLOCK_REASONS, CashPaymentBody, closesNoDayMessage, DEFAULT_TIME_ZONE, fallsOnWeekday, instantOf, isAvailable, refundPercentage, type BlockReason } from "@courts/core";
import { useCancelAsAdmin } from "../api/cancel-as-admin";
import { useCancelSeries } from "../api/cancel-series";
import { useCreateBlock, type NewBlock } from "../api/create-block";
import { useDeleteBlock } from "../api/delete-block";
import { useRecordCash } from "../api/record-cash";
import { BookForPlayer } from "./book-for-player";
import type { PickedCell } from "./schedule-grid";

const WEEKDAY_NAMES = ["Lun", "Mar", "Mié", "Jue", "Vie", "Sáb", "Dom"];

/** The API's field names as the forms label them, for its messages ('amount' -> «Pago en efectivo»). */
const CASH_LABELS = { amount: "Pago en efectivo" };

/** What an admin's cancellation of one booking gives back now: the tier of the moment (SPEC.md), said with its reason. */
const refundNow = (percentage: number, paid: string) =>
  percentage === 100
    ? `Faltan más de 24 h: lo pagado (${paid}) se reembolsa completo a quien lo pagó.`
    : percentage === 50
      ? `Faltan entre 12 y 24 h: se reembolsa el 50% de lo pagado (${paid}) a quien lo pagó.`
      : `Faltan menos de 12 h: lo pagado (${paid}) no se reembolsa.`;

/** A Spanish phone keyboard's decimal key types a comma: "4,50" is $4.50 (with a point already there, the text stays as typed). */
const decimalPoint = (typed: string) => {
  const trimmed = typed.trim();
  return trimmed.includes(".") ? trimmed : trimmed.replace(",", ".");
};

/** 'Se canceló 1 reserva' / 'Se cancelaron 3 reservas': the verb agrees with the count. */
const cancelledCount = (n: number) => (n === 1 ? "Se canceló 1 reserva" : `Se cancelaron ${n} reservas`);

interface Conflict {
  id: string;
  date: string;
  timeSlot: string;
  courtName: string;
}

/** The bookings a block would cancel, read from its 409 answer. */
const conflictsOf = (error: unknown): Conflict[] | null => {
  if (!(error instanceof ApiError) || error.code !== "BLOCK_CONFLICTS") return null;
  try {
    const body = JSON.parse(error.body) as { bookings?: Conflict[] };
    return body.bookings ?? [];
  } catch {
    return [];
  }
};

function BookingActions({ picked, onDone, timeZone }: { picked: PickedCell; onDone: () => void; timeZone: string }) {
  const booking = picked.cell.booking!;
  const [amount, setAmount] = useState(booking.remainingAmount);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"cancel" | "series" | null>(null);
  const [seriesReason, setSeriesReason] = useState("");
  const { trigger: recordCash } = useRecordCash();
  const { trigger: cancelAsAdmin } = useCancelAsAdmin();
  const { trigger: cancelSeries } = useCancelSeries();
  const act = async (what: string, work: () => Promise<void>) => {
    setBusy(what);
    try {
      await work();
      onDone();
    } catch (error) {
      toastError("Error", withLabels(describeError(error, "No se pudo completar la acción"), CASH_LABELS));
    } finally {
      setBusy(null);
    }
  };
  const unpaid = Number(booking.remainingAmount) > 0;
  const player = booking.playerName ?? "el jugador";
  const paid = Number(booking.paidAmount) > 0;
  const cancelBooking = () =>
    act("cancel", async () => {
      const answer = await cancelAsAdmin(booking.id);
      toast({
        title: "Reserva cancelada",
        description: answer.refundPercentage > 0 && answer.refundAmount !== "0.00" ? `Se reembolsará ${answer.refundPercentage}% del monto pagado.` : "Reserva cancelada exitosamente.",
      });
    });
  const cancelWholeSeries = () =>
    act("series", async () => {
      const reason = seriesReason.trim();
      const answer = await cancelSeries({ seriesId: booking.seriesId!, ...(reason ? { reason } : {}) });
      toast({ title: "Serie cancelada", description: `${cancelledCount(answer.cancelled.length)} de la serie.` });
    });
  return (
    <div className="space-y-5">
      <dl className="divide-y divide-stone-100 text-sm">
        <Row label="Jugador" value={booking.playerName ?? "—"} />
        {/* the username too once a full name stands for it: what the player logs in with and the desk's search finds */}
        {booking.userName !== null && booking.userName !== booking.playerName && <Row label="Usuario" value={`@${booking.userName}`} />}
        {booking.playerPhone && (
          <Row
            label="Teléfono"
            value={
              <a href={`tel:${booking.playerPhone}`} className="rounded font-semibold text-court-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400">
                {booking.playerPhone}
              </a>
            }
          />
        )}
        <Row label="Modalidad" value={booking.gameType === "doubles" ? "Dobles" : "Singles"} />
        <Row label="Total" value={money(booking.totalAmount)} />
        <Row label="Pagado" value={money(booking.paidAmount)} />
        <Row label="Pendiente" value={money(booking.remainingAmount)} strong />
        {booking.seriesId && <Row label="Reserva fija" value="Semanal" />}
      </dl>
      {unpaid && (
        <form
          className="flex items-end gap-2"
          noValidate
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            const typed = decimalPoint(amount);
            // the message of CashPaymentBody, as the server would answer it, with the field as labelled here
            const checked = checkRequest(CashPaymentBody, { amount: typed }, CASH_LABELS);
            if (!checked.ok) {
              toastError("Error", checked.first);
              return;
            }
            void act("cash", async () => {
              await recordCash({ bookingId: booking.id, amount: typed });
              toast({ title: "Pago en efectivo registrado", description: `${money(typed)} de ${player}` });
            });
          }}
        >
          <TextField label="Pago en efectivo ($)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} className="flex-1" />
          <Button type="submit" disabled={busy !== null} aria-busy={busy === "cash"}>
            {busy === "cash" ? "Procesando..." : "Registrar efectivo"}
          </Button>
        </form>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="destructive"
          disabled={busy !== null}
          onClick={() => setConfirming("cancel")}
        >
          Cancelar reserva
        </Button>
        {booking.seriesId && (
          <Button
            variant="outline"
            disabled={busy !== null}
            onClick={() => setConfirming("series")}
          >
            Cancelar toda la serie
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && busy === null) setConfirming(null);
        }}
        title={confirming === "series" ? "¿Cancelar toda la serie?" : "¿Cancelar esta reserva?"}
        description={
          confirming === "series" ? (
            <>
              <p>
                Se cancelarán <strong>todas las semanas que quedan</strong> de la reserva fija de {player} ({picked.court.name} a las{" "}
                {picked.cell.timeSlot}), esta incluida si aún no empezó. Las semanas ya jugadas no cambian.
              </p>
              <p>El club cancela: lo pagado en cada semana se reembolsa completo (100%) a quien lo pagó, en efectivo lo que se pagó en efectivo.</p>
              <TextField
                label="Motivo (opcional)"
                hint="Va en el correo al jugador, con cada fecha cancelada."
                maxLength={500}
                value={seriesReason}
                onChange={(e) => setSeriesReason(e.target.value)}
              />
              <p>Esta acción no se puede deshacer.</p>
            </>
          ) : (
            <>
              <p>
                Se cancelará la reserva de {player}: {picked.court.name}, {formatDay(booking.date, "EEEE d 'de' MMMM")} a las {picked.cell.timeSlot}.
              </p>
              <p>
                {paid
                  ? refundNow(refundPercentage(new Date(), instantOf(booking.date, picked.cell.timeSlot, timeZone)), money(booking.paidAmount))
                  : "Aún no hay pagos: no hay nada que reembolsar."}
              </p>
              <p>Esta acción no se puede deshacer.</p>
            </>
          )
        }
        cancelLabel="Volver"
        confirmLabel={busy !== null ? "Cancelando..." : confirming === "series" ? "Cancelar la serie" : "Cancelar la reserva"}
        busy={busy !== null}
        onConfirm={() => void (confirming === "series" ? cancelWholeSeries() : cancelBooking())}
      />
    </div>
  );
}

function BlockActions({ picked, onDone }: { picked: PickedCell; onDone: () => void }) {
  const block = picked.cell.block!;
  const [busy, setBusy] = useState(false);
  const { trigger: deleteBlock } = useDeleteBlock();
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-stone-100 text-sm">
        <Row label="Motivo" value={block.reason} strong />
        {block.note && <Row label="Nota" value={block.note} />}
      </dl>
      <p className="text-sm text-stone-600">Quitar el bloqueo reabre todas sus fechas y horas.</p>
      <Button
        variant="outline"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          deleteBlock(block.id)
            .then(() => {
              toast({ title: "Bloqueo eliminado", description: "Las horas vuelven a estar disponibles." });
              onDone();
            })
            .catch((error: unknown) => toastError("Error", describeError(error, "No se pudo quitar el bloqueo")))
            .finally(() => setBusy(false));
        }}
      >
        Quitar bloqueo
      </Button>
    </div>
  );
}

function BlockForm({ picked, date, venueId, onDone }: { picked: PickedCell; date: string; venueId: string; onDone: () => void }) {
  const [scope, setScope] = useState<"court" | "venue">("court");
  const [hours, setHours] = useState<"slot" | "day">("slot");
  const [endDate, setEndDate] = useState(date);
  const [reason, setReason] = useState<BlockReason>("Mantenimiento");
  const [note, setNote] = useState("");
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null);
  const { trigger: createBlock } = useCreateBlock();

  const request = (): NewBlock => ({
    ...(scope === "court" ? { courtId: picked.court.id } : { venueId }),
    startDate: date,
    endDate,
    ...(hours === "slot" ? { timeSlots: [picked.cell.timeSlot] } : {}),
    ...(endDate > date && weekdays.length > 0 ? { weekdays } : {}),
    reason,
    ...(note.trim() ? { note: note.trim() } : {}),
  });
  const send = async (cancelConflicts: boolean) => {
    setBusy(true);
    try {
      const answer = await createBlock({ ...request(), cancelConflicts });
      const n = answer.cancelledBookings.length;
      toast({
        title: n > 0 ? "Cierre registrado" : "Bloqueo creado",
        description:
          n > 0
            ? `${cancelledCount(n)} y se reembolsó el 100% a cada pagador.`
            : `Motivo: ${reason}.`,
      });
      onDone();
    } catch (error) {
      const found = conflictsOf(error);
      if (found) setConflicts(found);
      else toastError("Error", describeError(error, "No se pudo crear el bloqueo"));
    } finally {
      setBusy(false);
    }
  };

  if (conflicts) {
    return (
      <div className="space-y-4" role="alert">
        <p className="text-sm font-semibold text-stone-900">
          {conflicts.length === 1 ? "Hay 1 reserva activa" : `Hay ${conflicts.length} reservas activas`} en ese horario:
        </p>
        <ul className="max-h-48 space-y-1 overflow-y-auto text-sm text-stone-700">
          {conflicts.map((c) => (
            <li key={c.id}>
              {c.courtName} · {capitalize(formatDay(c.date, "EEE d MMM"))} · {c.timeSlot}
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-600">Si cierras igualmente, se cancelan y cada pagador recibe el 100% de lo que pagó.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setConflicts(null)} disabled={busy}>
            Volver
          </Button>
          <Button variant="destructive" onClick={() => void send(true)} disabled={busy} aria-busy={busy}>
            {busy ? "Procesando..." : "Cancelar reservas y reembolsar 100%"}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        // a block that closes no day: the server refuses it with the same sentence (400 on 'weekdays'); said here before sending
        if (endDate > date && weekdays.length > 0 && !fallsOnWeekday(date, endDate, weekdays)) {
          toastError("No se puede bloquear", closesNoDayMessage(date, endDate, weekdays));
          return;
        }
        void send(false);
      }}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Qué se cierra" value={scope} onChange={(e) => setScope(e.target.value as "court" | "venue")}>
          <option value="court">Solo {picked.court.name}</option>
          <option value="venue">Todo el complejo</option>
        </SelectField>
        <SelectField label="Horas" value={hours} onChange={(e) => setHours(e.target.value as "slot" | "day")}>
          <option value="slot">Solo las {picked.cell.timeSlot}</option>
          <option value="day">Todo el día</option>
        </SelectField>
        <SelectField label="Motivo" value={reason} onChange={(e) => setReason(e.target.value as BlockReason)}>
          {BLOCK_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <TextField label="Hasta el día" type="date" min={date} value={endDate} onChange={(e) => setEndDate(e.target.value)} required />
      </div>
      {endDate > date && (
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-stone-800">Solo estos días (opcional)</legend>
          <div className="flex flex-wrap gap-1.5">
            {WEEKDAY_NAMES.map((name, i) => {
              const day = i + 1;
              const on = weekdays.includes(day);
              return (
                <label
                  key={name}
                  className={cn(
                    "cursor-pointer rounded-lg border px-2.5 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ball-400",
                    on ? "border-court-700 bg-court-700 text-white" : "border-stone-300 bg-white text-stone-700",
                  )}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={on}
                    onChange={() => setWeekdays((current) => (on ? current.filter((d) => d !== day) : [...current, day].sort()))}
                  />
                  {name}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {/* the note goes with the reason in the notice of each booking the closure cancels (mail and My bookings) */}
      <TextAreaField
        label="Nota (opcional)"
        hint="Los jugadores cuyas reservas cancele este cierre la verán junto al motivo."
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
        className="[&_textarea]:min-h-16"
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Procesando..." : "Bloquear"}
      </Button>
    </form>
  );
}

/** What the admin can do from a cell of the day's schedule (DESIGN.md section 10). */
export function CellActions({
  picked,
  date,
  venueId,
  past,
  onDone,
  timeZone = DEFAULT_TIME_ZONE,
}: {
  picked: PickedCell;
  date: string;
  venueId: string;
  past: boolean;
  onDone: () => void;
  /** the club's, for the refund a cancellation gives now */
  timeZone?: string;
}) {
  const [mode, setMode] = useState<"book" | "block">("book");
  if (picked.cell.booking) return <BookingActions picked={picked} onDone={onDone} timeZone={timeZone} />;
  if (picked.cell.block) return <BlockActions picked={picked} onDone={onDone} />;
  if (past) return <p className="text-sm text-stone-600">Esta hora ya pasó.</p>;
  // nobody can book a court out of use (the server would refuse it): only closing its hours is offered
  if (!isAvailable(picked.court))
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          Cancha fuera de servicio: no se puede reservar mientras no esté disponible. Cámbiala a disponible en Gestión de Canchas.
        </p>
        <BlockForm picked={picked} date={date} venueId={venueId} onDone={onDone} />
      </div>
    );
  return (
    <div className="space-y-4">
      <div role="tablist" aria-label="Acción" className="grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1">
        {(
          [
            ["book", "Reservar para un jugador"],
            ["block", "Bloquear"],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={mode === value}
            onClick={() => setMode(value)}
            className={cn("rounded-lg px-3 py-2 text-sm font-semibold", mode === value ? "bg-white text-court-800 shadow-sm" : "text-stone-600")}
          >
            {label}
          </button>
        ))}
      </div>
      {mode === "book" ? (
        <BookForPlayer picked={picked} date={date} onDone={onDone} />
      ) : (
        <BlockForm picked={picked} date={date} venueId={venueId} onDone={onDone} />
      )}
    </div>
  );
}
