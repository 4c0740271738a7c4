import { useState, type FormEvent } from "react";
import { Tag, X } from "lucide-react";
import { discountAmount, displayMoney, normalizeCode, type Cents } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { controlClass } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import type { ValidatedDiscount } from "../../../types/api";
import { validateDiscountCode } from "../api/validate-discount-code";
import { toDiscountRule } from "../discount-rule";

/** Discount code entry at checkout: 'Aplicar' validates it on the server. */
export function DiscountBox({
  amount,
  applied,
  onApply,
  onRemove,
}: {
  /** cents of this payment, before discount */
  amount: Cents;
  applied: ValidatedDiscount | null;
  onApply: (code: ValidatedDiscount) => void;
  onRemove: () => void;
}) {
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const code = normalizeCode(text);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) return;
    setPending(true);
    try {
      const valid = await validateDiscountCode(code);
      onApply(valid);
      setText("");
      toast({
        title: "Código aplicado",
        description: `Descuento de ${displayMoney(discountAmount(amount, toDiscountRule(valid)))} aplicado`,
      });
    } catch (error) {
      toastError("Código inválido", describeError(error, "El código no es válido"));
    } finally {
      setPending(false);
    }
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-2xl border border-court-200 bg-court-50 p-3">
        <p className="flex items-center gap-2 text-sm text-court-900">
          <Tag aria-hidden="true" className="h-4 w-4" />
          <span>
            Código <strong>{applied.code}</strong> aplicado (
            {applied.type === "percentage" ? `${applied.value}%` : displayMoney(toDiscountRule(applied).value)})
          </span>
        </p>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Quitar el código ${applied.code}`}>
          <X aria-hidden="true" className="h-4 w-4" /> Quitar
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void apply(e)} className="flex flex-col gap-1.5">
      <label htmlFor="discount-code" className="text-sm font-medium text-stone-800">
        Código de descuento
      </label>
      <div className="flex gap-2">
        <input
          id="discount-code"
          className={`${controlClass} uppercase placeholder:normal-case`}
          placeholder="Ej. VERANO10"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value.toUpperCase())}
        />
        <Button type="submit" variant="outline" disabled={!code || pending} aria-busy={pending}>
          Aplicar
        </Button>
      </div>
    </form>
  );
}
