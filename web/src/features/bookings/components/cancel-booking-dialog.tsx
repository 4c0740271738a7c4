import { useState } from "react";
import { displayMoney } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { AppDialog } from "../../../components/ui/dialog";
import { TextAreaField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { capitalize, formatDay } from "../../../lib/format";
import { isPending } from "../../../lib/swr";
import type { Booking, User } from "../../../types/api";
import { useCancelBooking } from "../api/cancel-booking";
import { estimateRefund, type PaidShare, type RefundEstimate } from "../refund-estimate";

const TIERS = "Más de 24 h antes: 100%; entre 12 y 24 h: 50%; menos de 12 h: sin reembolso.";

/** Who gets what back: the organiser's own payments, and the shares the others paid to their own cards. */
function RefundWords({ estimate, gameType }: { estimate: RefundEstimate; gameType: Booking["gameType"] }) {
  const { yours, others } = estimate;
  if (yours.paid + others.paid === 0) return <>Aún no hay pagos: no hay nada que reembolsar.</>;
  if (others.paid === 0) return <>Pagado: {displayMoney(yours.paid)}.</>;
  // singles has one other player; in doubles, as many as paid
  if (others.payers === 1)
    return (
      <>
        Pagaste {displayMoney(yours.paid)}. {gameType === "singles" ? "El otro jugador" : "Otro jugador"} pagó {displayMoney(others.paid)} y
        recibe {displayMoney(others.amount)} en su tarjeta.
      </>
    );
  return (
    <>
      Pagaste {displayMoney(yours.paid)}. Otros {others.payers} jugadores pagaron {displayMoney(others.paid)} y reciben{" "}
      {displayMoney(others.amount)} en sus tarjetas.
    </>
  );
}

/** Cancellation with an optional reason and the refund it would give now. */
export function CancelBookingDialog({
  booking,
  user,
  timeZone,
  paid,
  open,
  onOpenChange,
}: {
  booking: Booking;
  user: User;
  timeZone: string;
  /** the booking's payments as GET /api/bookings/{id}/payers answers them (read by the screen) */
  paid: { readonly data?: readonly PaidShare[] | undefined; readonly error?: unknown };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  const { trigger: cancelBooking } = useCancelBooking();
  // what each payment was charged (a discount is not money paid) and still holds, as the server refunds it
  // the tier needs no payments; the amounts wait for them
  const estimate = estimateRefund(booking, paid.data ?? [], new Date(), timeZone);

  const confirm = async () => {
    setPending(true);
    try {
      const trimmed = reason.trim();
      const { refundPercentage, refundAmount } = await cancelBooking({
        bookingId: booking.id,
        userId: user.id,
        ...(trimmed ? { cancellationReason: trimmed } : {}),
      });
      toast({
        title: "Reserva cancelada",
        description:
          // SPEC.md's texts: a refund only where money was paid; with none the booking's card says 'Sin reembolso' (app/components/refund-notes.tsx)
          refundPercentage > 0 && refundAmount !== "0.00" ? `Se reembolsará ${refundPercentage}% del monto pagado.` : "Reserva cancelada exitosamente.",
      });
      onOpenChange(false);
      setReason("");
    } catch (error) {
      toastError("Error al cancelar", describeError(error, "No se pudo cancelar la reserva"));
    } finally {
      setPending(false);
    }
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancelar Reserva"
      description={`${booking.court?.name ?? "Cancha"} · ${capitalize(formatDay(booking.date || booking.bookingDate, "EEEE d 'de' MMMM"))} a las ${booking.timeSlot}`}
    >
      <div className="space-y-4">
        <div data-testid="refund-estimate" className="rounded-2xl border border-stone-200 bg-stone-50 p-4">
          <p className="text-sm text-stone-600">Reembolso estimado</p>
          {paid.data ? (
            <>
              {/* what this player's card gets back; the others' refunds go to their cards, said below */}
              <p data-testid="refund-amount" className="text-2xl font-extrabold text-stone-900">
                {estimate.yours.paid + estimate.others.paid === 0 ? (
                  "Sin pagos"
                ) : (
                  <>
                    {displayMoney(estimate.yours.amount)} <span className="text-base font-semibold text-stone-600">({estimate.percentage}%)</span>
                  </>
                )}
              </p>
              <p className="mt-1 text-xs text-stone-600">
                <RefundWords estimate={estimate} gameType={booking.gameType} /> {TIERS}
              </p>
            </>
          ) : (
            <p className="mt-1 text-sm text-stone-700" aria-busy={isPending(paid)}>
              {isPending(paid) ? "Calculando el reembolso..." : `Se reembolsará ${estimate.percentage}% de lo pagado. ${TIERS}`}
            </p>
          )}
        </div>
        <TextAreaField
          label="Motivo de la cancelación (opcional)"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Cuéntanos por qué cancelas"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Volver
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={pending} aria-busy={pending}>
            {pending ? "Cancelando..." : "Confirmar cancelación"}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
