import { useState } from "react";
import { money } from "../../../lib/format";
import { isPending } from "../../../lib/swr";
import { useBookingPayers } from "../api/get-booking-payers";

/** Who paid each share, read when the organiser opens it (no request per card on page load). */
export function BookingPayers({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  const payers = useBookingPayers(bookingId, open);
  const { data, error } = payers;
  // while closed the read has no key, so it never answers: nothing is loading then
  const loading = open && isPending(payers);
  return (
    <details className="w-full text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-court-800">Quién pagó</summary>
      {loading ? (
        <p className="mt-2 text-stone-600">Cargando pagos...</p>
      ) : error ? (
        <p className="mt-2 text-red-700">No se pudo cargar quién pagó.</p>
      ) : data && data.length > 0 ? (
        <ul className="mt-2 divide-y divide-stone-100 rounded-xl bg-stone-50 px-3">
          {data.map((p) => (
            <li key={p.paymentId} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0 truncate text-stone-800">
                {p.name}
                {p.isOrganiser && <span className="text-stone-500"> (tú)</span>}
              </span>
              <span className="shrink-0 font-semibold text-stone-900">{money(p.amount)}</span>
            </li>
          ))}
        </ul>
      ) : data ? (
        <p className="mt-2 text-stone-600">Aún no hay pagos.</p>
      ) : null}
    </details>
  );
}
