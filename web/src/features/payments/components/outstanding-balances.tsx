import { CircleAlert } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { formatDay, money } from "../../../lib/format";
import { isPending } from "../../../lib/swr";
import { useOutstandingBalances } from "../api/get-outstanding-balances";

/** The admin's list of balances due: who owes what for which booking. */
export function OutstandingBalances() {
  const balances = useOutstandingBalances();
  const { data, error } = balances;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleAlert aria-hidden="true" className="h-5 w-5 text-red-700" /> Saldos pendientes
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending(balances) ? (
          <Spinner className="py-4" />
        ) : error ? (
          <ErrorNotice>No se pudieron cargar los saldos pendientes.</ErrorNotice>
        ) : !data || data.length === 0 ? (
          <p className="text-sm text-stone-600">No hay saldos pendientes</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {data.map((row) => (
              <li key={row.bookingId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="font-semibold text-stone-900">{row.userName ?? "Jugador"}</span>
                  {row.userEmail && <span className="text-stone-600"> · {row.userEmail}</span>}
                  <span className="block text-stone-600">
                    {row.booking.court?.venueName} · {row.booking.court?.name} #{row.booking.court?.courtNumber} ·{" "}
                    {formatDay(row.booking.date, "d/MM/yyyy")} {row.booking.timeSlot}
                  </span>
                </span>
                <span className="font-bold text-red-800">Saldo pendiente {money(row.balanceDue)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
