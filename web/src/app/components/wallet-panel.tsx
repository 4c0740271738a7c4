import { useState } from "react";
import { displayMoney, formatMoney, parseMoney } from "@courts/core";
import { ArrowDownLeft, ArrowUpRight, Wallet } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { TextField } from "../../components/ui/field";
import { Spinner } from "../../components/ui/spinner";
import { toast, toastError } from "../../components/ui/toast";
import { useConfig } from "../../features/config/api/get-config";
import { CardPayment } from "../../features/payments/components/card-payment";
import { describeError } from "../../lib/api-client";
import { capitalize, formatInstant, money, toCents } from "../../lib/format";
import { useWallet, WALLET_PAGE_SIZE } from "../../features/wallet/api/get-wallet";
import { createTopUp, useRecordPurchase } from "../../features/wallet/api/top-up";
import { ENTRY_LABELS, QUICK_TOP_UPS, topUpProblem } from "../../features/wallet/wallet-texts";
import { PurchaseReceipts } from "../../features/wallet/components/purchase-receipts";

function Statement({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { data, error } = useWallet(page);
  const { data: config } = useConfig();
  if (error) return <ErrorNotice>No se pudieron cargar los movimientos.</ErrorNotice>;
  if (!data) return <Spinner label="Cargando movimientos..." className="py-6" />;
  if (data.entries.length === 0) return <EmptyState title="Aún no hay movimientos" />;
  const pages = Math.max(1, Math.ceil(data.total / WALLET_PAGE_SIZE));
  return (
    <div>
      <ul className="divide-y divide-stone-100" aria-label="Movimientos del monedero">
        {data.entries.map((e) => {
          const credit = toCents(e.amount) > 0;
          return (
            <li key={e.id} className="flex items-center gap-3 py-3">
              <span
                aria-hidden="true"
                className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${credit ? "bg-court-50 text-court-700" : "bg-stone-100 text-stone-700"}`}
              >
                {credit ? <ArrowDownLeft className="h-4 w-4" /> : <ArrowUpRight className="h-4 w-4" />}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">{ENTRY_LABELS[e.kind]}</p>
                <p className="text-sm text-stone-600">
                  {capitalize(formatInstant(e.createdAt, "EEE d 'de' MMM yyyy, HH:mm", config?.timeZone))}
                  {e.note && <span className="block break-words text-stone-700">{e.note}</span>}
                </p>
              </div>
              <span className={`shrink-0 font-semibold tabular-nums ${credit ? "text-court-700" : "text-stone-900"}`}>
                {credit ? "+" : "−"}
                {displayMoney(Math.abs(toCents(e.amount)))}
              </span>
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <nav aria-label="Páginas de movimientos" className="mt-4 flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Anteriores
          </Button>
          <span className="text-sm text-stone-600">
            Página {page} de {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Siguientes
          </Button>
        </nav>
      )}
    </div>
  );
}

function TopUp() {
  const { data: config } = useConfig();
  const [amount, setAmount] = useState("20.00");
  const [touched, setTouched] = useState(false);
  // a new card form after each top-up: the last card's numbers are not left on screen
  const [round, setRound] = useState(0);
  const { trigger: record } = useRecordPurchase();
  const problem = topUpProblem(amount);
  const cents = parseMoney(amount.replace(",", ".")) ?? 0;
  if (!config) return <Spinner label="Cargando..." className="py-6" />;

  const onPaid = async (paymentIntentId: string) => {
    try {
      const purchase = await record(paymentIntentId);
      toast({ title: "Recarga exitosa", description: `Tu saldo es ${money(purchase.balance ?? purchase.amount)}` });
      setRound((n) => n + 1);
    } catch (error) {
      toastError("Error en la recarga", describeError(error, "No se pudo registrar la recarga. Si se cobró, la sumaremos en unos minutos."));
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Montos rápidos">
        {QUICK_TOP_UPS.map((quick) => (
          <Button key={quick} type="button" size="sm" variant={cents === parseMoney(quick) ? "primary" : "outline"} onClick={() => setAmount(quick)}>
            {displayMoney(parseMoney(quick) ?? 0)}
          </Button>
        ))}
      </div>
      <TextField
        label="Monto a recargar"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        onBlur={() => {
          setTouched(true);
          // "50" reads back as "50.00", the amount the button and the card will say
          if (topUpProblem(amount) === null) setAmount(formatMoney(cents));
        }}
        hint="De $10.00 a $500.00"
        error={touched && problem ? problem : undefined}
      />
      <CardPayment
        key={round}
        payments={config.payments}
        amount={cents}
        disabled={problem !== null}
        submitLabel={problem ? "Recargar" : `Recargar ${displayMoney(cents)}`}
        returnPath="/settings"
        createIntent={() => createTopUp(amount.replace(",", "."))}
        onPaid={onPaid}
      />
    </div>
  );
}

/** Settings' 'Monedero': the balance, a top-up by card, the statement, newest first, and the top-ups' receipts. */
export function WalletPanel() {
  const [page, setPage] = useState(1);
  const { data, error } = useWallet(1);
  const { data: config } = useConfig();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="space-y-6">
        <Card className="p-6">
          <div className="flex items-center gap-4">
            <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-court-50 text-court-700">
              <Wallet aria-hidden="true" className="h-6 w-6" />
            </span>
            <div>
              <p className="text-sm text-stone-600">Saldo disponible</p>
              <p className="text-3xl font-bold tabular-nums text-stone-900" aria-live="polite">
                {error ? "—" : data ? money(data.balance) : "..."}
              </p>
            </div>
          </div>
          <p className="mt-4 text-sm text-stone-600">Paga tus reservas con el saldo, sin comisión. Los reembolsos de esos pagos vuelven aquí al instante.</p>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Movimientos</CardTitle>
          </CardHeader>
          <CardContent>
            <Statement page={page} onPage={setPage} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recibos de recargas</CardTitle>
          </CardHeader>
          <CardContent>
            <PurchaseReceipts kind="topup" label="Recibos de recargas" empty="Aún no has recargado tu monedero" timeZone={config?.timeZone} />
          </CardContent>
        </Card>
      </div>
      <aside aria-labelledby="recargar" className="lg:sticky lg:top-24 lg:self-start">
        <Card>
          <CardHeader>
            <CardTitle id="recargar">Recargar con tarjeta</CardTitle>
          </CardHeader>
          <CardContent>
            <TopUp />
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
