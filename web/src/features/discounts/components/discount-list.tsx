import { format } from "date-fns";
import { Pencil } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Switch } from "../../../components/ui/switch";
import { toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { codeUnusable } from "@courts/core";
import { money } from "../../../lib/format";
import type { DiscountCode } from "../../../types/api";
import { useUpdateDiscountCode } from "../api/update-discount-code";

export const usesText = (c: Pick<DiscountCode, "usageCount" | "maxUsage">) => `${c.usageCount} / ${c.maxUsage ?? "∞"}`;
export const expiryText = (c: Pick<DiscountCode, "expiresAt">) =>
  c.expiresAt ? format(new Date(c.expiresAt), "dd/MM/yyyy") : "Sin vencimiento";
/**
 * What a player would meet with the code today: switched off, past its expiry, out of uses, or
 * usable. A switched-on code that can no longer be used is not called 'Activo'.
 */
export const codeState = (c: Pick<DiscountCode, "isActive" | "expiresAt" | "usageCount" | "maxUsage">, now = new Date()) =>
  CODE_STATES[codeUnusable({ ...c, expiresAt: c.expiresAt === null ? null : new Date(c.expiresAt) }, now) ?? "usable"];

/** The server's reasons a code cannot be used (codeUnusable), in the admin's words. */
const CODE_STATES = {
  inactive: { text: "Inactivo", tone: "gray" },
  expired: { text: "Vencido", tone: "amber" },
  "used-up": { text: "Agotado", tone: "amber" },
  usable: { text: "Activo", tone: "green" },
} as const;
const valueText = (c: DiscountCode) => (c.type === "percentage" ? `${c.value}%` : money(c.value));
const typeText = (c: DiscountCode) => (c.type === "percentage" ? "Porcentaje" : "Monto fijo");

function ActiveSwitch({ code }: { code: DiscountCode }) {
  const { trigger: updateDiscountCode, isMutating: pending } = useUpdateDiscountCode();
  const toggle = async (isActive: boolean) => {
    try {
      await updateDiscountCode({ id: code.id, changes: { isActive } });
    } catch (error) {
      toastError("Error", describeError(error, "No se pudo actualizar el código"));
    }
  };
  return (
    <Switch
      checked={code.isActive}
      disabled={pending}
      onCheckedChange={(v) => void toggle(v)}
      aria-label={`${code.isActive ? "Desactivar" : "Activar"} el código ${code.code}`}
    />
  );
}

function StateBadge({ code }: { code: DiscountCode }) {
  const state = codeState(code);
  return <Badge tone={state.tone}>{state.text}</Badge>;
}

/** The codes as a table on md+ screens and as cards on narrow ones. */
export function DiscountList({ codes, onEdit }: { codes: readonly DiscountCode[]; onEdit: (code: DiscountCode) => void }) {
  return (
    <>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Códigos de descuento</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
            <tr>
              {["Código", "Tipo", "Valor", "Usos", "Vence", "Activo", "Acciones"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {codes.map((c) => (
              <tr key={c.id} className="hover:bg-stone-50/60">
                <th scope="row" className="px-4 py-3 font-mono font-bold text-stone-900">
                  {c.code}
                </th>
                <td className="px-4 py-3 text-stone-700">{typeText(c)}</td>
                <td className="px-4 py-3 font-semibold text-court-800">{valueText(c)}</td>
                <td className="px-4 py-3 text-stone-700">{usesText(c)}</td>
                <td className="px-4 py-3 text-stone-700">{expiryText(c)}</td>
                <td className="px-4 py-3">
                  <div className="flex items-center gap-2">
                    <ActiveSwitch code={c} />
                    {/* the switch says on or off; why a switched-on code cannot be used is said beside it */}
                    {c.isActive && codeState(c).tone === "amber" && <Badge tone="amber">{codeState(c).text}</Badge>}
                  </div>
                </td>
                <td className="px-4 py-3">
                  <Button variant="ghost" size="sm" onClick={() => onEdit(c)} aria-label={`Editar el código ${c.code}`}>
                    <Pencil aria-hidden="true" className="h-4 w-4" /> Editar
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-3 md:hidden">
        {codes.map((c) => (
          <li key={c.id}>
            <Card className="p-4">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="font-mono text-lg font-bold text-stone-900">{c.code}</p>
                  <p className="text-sm text-stone-600">
                    {typeText(c)} · <span className="font-semibold text-court-800">{valueText(c)}</span>
                  </p>
                </div>
                <ActiveSwitch code={c} />
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
                <Badge tone="gray">Usos: {usesText(c)}</Badge>
                <Badge tone={c.expiresAt ? "amber" : "gray"}>{c.expiresAt ? `Vence: ${expiryText(c)}` : expiryText(c)}</Badge>
                <StateBadge code={c} />
              </div>
              <Button variant="outline" size="sm" className="mt-3 w-full" onClick={() => onEdit(c)} aria-label={`Editar el código ${c.code}`}>
                <Pencil aria-hidden="true" className="h-4 w-4" /> Editar
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
