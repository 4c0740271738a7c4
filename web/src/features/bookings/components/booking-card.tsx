import type { ReactNode } from "react";
import { CalendarDays, Clock, MapPin, Moon, Sun, Timer, Users } from "lucide-react";
import { GAME_TYPE_LABEL } from "@courts/core";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { capitalize, formatDay, formatInstant, money } from "../../../lib/format";
import type { Booking } from "../../../types/api";
import { displayMoney, parseMoney } from "@courts/core";
import { bookingStateLabel, bookingStateTone } from "../../../lib/booking-state";
import { balanceDueOf, paymentLabel, paymentTone } from "../booking-texts";

/**
 * One booking: court, date, slot, game type, total, booking and payment status; actions below.
 * `timeZone`: the club's, in which an unpaid hold's end is told ('Paga antes de las 18:43').
 */
export function BookingCard({ booking, actions, timeZone }: { booking: Booking; actions?: ReactNode; timeZone?: string }) {
  const night = booking.tariffType === "night";
  const remaining = (parseMoney(booking.totalAmount) ?? 0) - (parseMoney(booking.paidAmount) ?? 0);
  // the server gives holdExpiresAt only while the organiser has paid nothing (DESIGN.md section 8)
  const holdEnds = booking.status === "active" && booking.holdExpiresAt ? booking.holdExpiresAt : null;
  return (
    <Card className="flex h-full min-w-0 flex-col overflow-hidden">
      {/* wraps on a 390 px phone: a long court name and 'Cancelada' never push the page sideways */}
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-100 p-5">
        <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
          <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-clay-500 to-clay-700 text-xl font-black text-white">
            {booking.court?.courtNumber ?? "?"}
          </div>
          <div className="min-w-0">
            {/* long names wrap (never cut mid-word) and the badge moves below them when there is no room */}
            <h2 className="break-words text-base font-bold text-stone-900">
              {booking.court?.name ?? "Cancha"}
              {booking.court && <span className="whitespace-nowrap font-medium text-stone-500"> · #{booking.court.courtNumber}</span>}
            </h2>
            {booking.court?.venueName && (
              <p className="flex items-start gap-1 text-sm text-stone-600">
                <MapPin aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
                <span className="min-w-0 break-words">{booking.court.venueName}</span>
              </p>
            )}
          </div>
        </div>
        <Badge tone={bookingStateTone(booking)}>{bookingStateLabel(booking)}</Badge>
      </div>
      <div className="grid flex-1 grid-cols-2 content-start gap-3 p-5 text-sm">
        <p className="col-span-2 flex items-center gap-2 text-stone-800">
          <CalendarDays aria-hidden="true" className="h-4 w-4 text-court-700" />
          {capitalize(formatDay(booking.date || booking.bookingDate))}
        </p>
        <p className="flex items-center gap-2 text-stone-800">
          <Clock aria-hidden="true" className="h-4 w-4 text-court-700" />
          {booking.timeSlot}
          {night ? (
            <Moon aria-label="Tarifa nocturna" className="h-3.5 w-3.5 text-indigo-600" />
          ) : (
            <Sun aria-label="Tarifa diurna" className="h-3.5 w-3.5 text-amber-500" />
          )}
        </p>
        <p className="flex items-center gap-2 text-stone-800">
          <Users aria-hidden="true" className="h-4 w-4 text-court-700" />
          {GAME_TYPE_LABEL[booking.gameType] ?? booking.gameType}
        </p>
        <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-stone-50 px-3 py-2">
          <span className="text-stone-600">
            Total <span className="ml-1 text-base font-bold text-stone-900">{money(booking.totalAmount)}</span>
          </span>
          {/* a cancelled or expired booking's money is told by its refund note, not as 'Pagado' */}
          {booking.status !== "cancelled" && booking.status !== "expired" && (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={paymentTone(booking.paymentStatus)}>{paymentLabel(booking)}</Badge>
              {/* 'Parcial ($paid)' names what was paid: what is still missing is said beside it */}
              {booking.paymentStatus === "partial" && remaining > 0 && balanceDueOf(booking) === 0 && (
                <span data-testid="remaining" className="text-sm font-semibold text-amber-800">
                  Falta {displayMoney(remaining)}
                </span>
              )}
            </span>
          )}
        </div>
        {/* who cancelled and why: a club's closure or the desk reads as the club's, not as the player's own */}
        {booking.status === "cancelled" && booking.cancellationReason && (
          <p className="col-span-2 break-words text-stone-700">
            <span className="font-semibold">Motivo:</span> {booking.cancellationReason}
          </p>
        )}
        {holdEnds && (
          <p data-testid="hold-ends" className="col-span-2 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/20">
            <Timer aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              Paga antes de las {formatInstant(holdEnds, "HH:mm", timeZone)}
              <span className="font-normal">: si no, el horario se libera.</span>
            </span>
          </p>
        )}
        {balanceDueOf(booking) > 0 && (
          <p className="col-span-2 rounded-xl bg-red-50 px-3 py-2 font-semibold text-red-800 ring-1 ring-inset ring-red-600/20">
            Saldo pendiente {displayMoney(balanceDueOf(booking))}
          </p>
        )}
      </div>
      {actions && <div className="flex flex-wrap gap-2 border-t border-stone-100 p-4">{actions}</div>}
    </Card>
  );
}
