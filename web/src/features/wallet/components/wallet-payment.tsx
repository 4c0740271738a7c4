import { displayMoney } from "@courts/core";
import { Link } from "react-router-dom";
import { Wallet } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toCents } from "../../../lib/format";
import { useWallet } from "../api/get-wallet";

/** Why the wallet cannot pay this amount, in Spanish; null when it can. */
export const walletRefusal = (balance: number, charged: number): string | null => {
  if (charged <= 0) return "Con este código no queda nada que pagar.";
  if (balance < charged) return `Saldo insuficiente: tienes ${displayMoney(balance)} y este pago es de ${displayMoney(charged)}.`;
  return null;
};

/** The wallet's balance as a payment choice says it. */
export function WalletBalanceLine() {
  const { data, error } = useWallet(1);
  if (error) return <span className="text-sm text-stone-600">Saldo no disponible</span>;
  return <span className="text-sm text-stone-600">Saldo: {data ? displayMoney(toCents(data.balance)) : "..."}</span>;
}

/**
 * Checkout's 'Pagar con el monedero': the balance, and the button, off with its reason when the
 * balance does not cover the payment (and a way to top up).
 */
export function WalletPayButton({ charged, busy, onPay }: { charged: number; busy: boolean; onPay: () => void }) {
  const { data, error } = useWallet(1);
  if (error) return <p className="text-sm text-red-700">No se pudo leer tu monedero. Intenta de nuevo o paga con tarjeta.</p>;
  if (!data) return <Spinner label="Cargando monedero..." className="py-4" />;
  const balance = toCents(data.balance);
  const refusal = walletRefusal(balance, charged);
  return (
    <div className="space-y-3">
      <p className="flex items-center justify-between text-sm">
        <span className="text-stone-600">Saldo del monedero</span>
        <span className="font-semibold tabular-nums text-stone-900">{displayMoney(balance)}</span>
      </p>
      {refusal && (
        <p id="monedero-motivo" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-inset ring-amber-600/20">
          {refusal}{" "}
          <Link to="/settings?tab=wallet" className="font-semibold underline">
            Recargar monedero
          </Link>
        </p>
      )}
      <Button className="h-auto min-h-12 w-full py-2.5" size="lg" disabled={refusal !== null || busy} aria-describedby={refusal ? "monedero-motivo" : undefined} onClick={onPay}>
        <Wallet aria-hidden="true" className="h-4 w-4" />
        {busy ? "Procesando..." : `Pagar ${displayMoney(charged)} con el monedero`}
      </Button>
      {!refusal && <p className="text-xs text-stone-600">Sin comisión. Te quedarán {displayMoney(balance - charged)}.</p>}
    </div>
  );
}
