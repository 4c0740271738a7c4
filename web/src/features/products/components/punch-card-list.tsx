import { useState } from "react";
import { Ban } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { money } from "../../../lib/format";
import { useWithdrawPunchCardProduct, type PunchCardProduct } from "../api/punch-card-products";
import { bandText, plural, venueText } from "../product-texts";

type Venues = readonly { id: string; name: string }[];

const HEADERS = ["Nombre", "Horas", "Precio", "Validez", "Sede", "Franja", "Estado", "Acciones"];

function StateBadge({ product }: { product: PunchCardProduct }) {
  return product.active ? <Badge tone="green">A la venta</Badge> : <Badge tone="gray">Retirado</Badge>;
}

function WithdrawButton({ product, onWithdraw, wide }: { product: PunchCardProduct; onWithdraw: (p: PunchCardProduct) => void; wide?: boolean }) {
  if (!product.active) return null;
  return (
    <Button variant="outline" size="sm" className={wide ? "mt-3 w-full" : undefined} onClick={() => onWithdraw(product)} aria-label={`Retirar el bono ${product.name}`}>
      <Ban aria-hidden="true" className="h-4 w-4" /> Retirar
    </Button>
  );
}

/** The club's punch cards: a table on md+ screens, cards on a phone; 'Retirar' asks first. */
export function PunchCardList({ products, venues }: { products: readonly PunchCardProduct[]; venues: Venues }) {
  const [withdrawing, setWithdrawing] = useState<PunchCardProduct | null>(null);
  const { trigger: withdraw, isMutating: pending } = useWithdrawPunchCardProduct();

  const confirm = async () => {
    if (!withdrawing) return;
    try {
      await withdraw(withdrawing.id);
      toast({ title: "Bono retirado", description: `${withdrawing.name} ya no está a la venta` });
      setWithdrawing(null);
    } catch (error) {
      setWithdrawing(null);
      toastError("Error", describeError(error, "No se pudo retirar el bono"));
    }
  };

  return (
    <>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Bonos</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {products.map((p) => (
              <tr key={p.id} className={p.active ? "hover:bg-stone-50/60" : "text-stone-500"}>
                <th scope="row" className="px-4 py-3 font-bold text-stone-900">
                  {p.name}
                </th>
                <td className="px-4 py-3">{p.hours}</td>
                <td className="px-4 py-3 font-semibold text-court-800">{money(p.price)}</td>
                <td className="px-4 py-3">{plural(p.validDays, "día", "días")}</td>
                <td className="px-4 py-3">{venueText(p.venueId, venues)}</td>
                <td className="px-4 py-3">{bandText(p.band)}</td>
                <td className="px-4 py-3">
                  <StateBadge product={p} />
                </td>
                <td className="px-4 py-3">
                  <WithdrawButton product={p} onWithdraw={setWithdrawing} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-3 md:hidden" aria-label="Bonos">
        {products.map((p) => (
          <li key={p.id}>
            <Card className="p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="break-words text-lg font-bold text-stone-900">{p.name}</p>
                  <p className="text-sm text-stone-600">
                    {plural(p.hours, "hora", "horas")} · <span className="font-semibold text-court-800">{money(p.price)}</span>
                  </p>
                </div>
                <StateBadge product={p} />
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
                <Badge tone="gray">Validez: {plural(p.validDays, "día", "días")}</Badge>
                <Badge tone="gray">Sede: {venueText(p.venueId, venues)}</Badge>
                <Badge tone="gray">Franja: {bandText(p.band)}</Badge>
              </div>
              <WithdrawButton product={p} onWithdraw={setWithdrawing} wide />
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && !pending && setWithdrawing(null)}
        title="¿Retirar este bono?"
        description={
          <>
            <p>
              <strong className="text-stone-900">{withdrawing?.name}</strong> dejará de estar a la venta.
            </p>
            <p>Los jugadores que ya lo compraron conservan sus horas hasta que venzan.</p>
          </>
        }
        confirmLabel={pending ? "Retirando..." : "Retirar bono"}
        busy={pending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
