import { displayMoney, type PaymentBreakdown } from "@courts/core";
import { Row } from "../../../components/ui/page";

/** What this payment charges: amount, discount, and the total on the card. */
export function PaymentSummary({ breakdown, code }: { breakdown: PaymentBreakdown; code?: string | undefined }) {
  return (
    <dl className="divide-y divide-stone-100 text-sm">
      <Row label="Subtotal" value={displayMoney(breakdown.amount)} />
      {breakdown.discount > 0 && (
        <Row
          label={code ? `Descuento (${code})` : "Descuento"}
          value={<span className="text-court-700">-{displayMoney(breakdown.discount)}</span>}
        />
      )}
      <Row label="Total a pagar" value={<span data-testid="charge-total">{displayMoney(breakdown.charged)}</span>} strong />
    </dl>
  );
}
