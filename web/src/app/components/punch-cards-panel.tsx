import { useState } from "react";
import { displayMoney, type PunchCardProductAnswer } from "@courts/core";
import { Ticket } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ChoiceCards } from "../../components/ui/choice-cards";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { Spinner } from "../../components/ui/spinner";
import { toast, toastError } from "../../components/ui/toast";
import { useConfig } from "../../features/config/api/get-config";
import { CardPayment } from "../../features/payments/components/card-payment";
import { useMyPunchCards, usePunchCardProducts } from "../../features/punch-cards/api/get-punch-cards";
import { createPunchCardPurchase, useRecordPunchCardPurchase } from "../../features/punch-cards/api/buy-punch-card";
import { PunchCardList } from "../../features/punch-cards/components/punch-card-list";
import { hoursText, scopeText, validityText } from "../../features/punch-cards/punch-card-texts";
import { useVenues } from "../../features/venues/api/get-venues";
import { PurchaseReceipts } from "../../features/wallet/components/purchase-receipts";
import { describeError } from "../../lib/api-client";
import { toCents } from "../../lib/format";

type VenueName = (id: string) => string | undefined;

function MyCards({ venueName, timeZone }: { venueName: VenueName; timeZone?: string | undefined }) {
  const { data, error } = useMyPunchCards();
  if (error) return <ErrorNotice>No se pudieron cargar tus bonos.</ErrorNotice>;
  if (!data) return <Spinner label="Cargando bonos..." className="py-6" />;
  if (data.length === 0) {
    return (
      <EmptyState icon={<Ticket aria-hidden="true" className="h-6 w-6" />} title="Aún no tienes bonos">
        <p className="text-sm text-stone-600">Compra uno y paga cada reserva con una hora, sin comisión.</p>
      </EmptyState>
    );
  }
  return <PunchCardList cards={data} venueName={venueName} timeZone={timeZone} />;
}

function Buy({ venueName }: { venueName: VenueName }) {
  const { data: config } = useConfig();
  const { data: products, error } = usePunchCardProducts();
  const [picked, setPicked] = useState<string | null>(null);
  // a new card form after each purchase: the last card's numbers are not left on screen
  const [round, setRound] = useState(0);
  const { trigger: record } = useRecordPunchCardPurchase();
  if (error) return <ErrorNotice>No se pudieron cargar los bonos a la venta.</ErrorNotice>;
  if (!config || !products) return <Spinner label="Cargando bonos..." className="py-6" />;
  if (products.length === 0) return <p className="text-sm text-stone-600">No hay bonos a la venta por ahora.</p>;
  const product: PunchCardProductAnswer = products.find((p) => p.id === picked) ?? products[0]!;
  const price = toCents(product.price);

  return (
    <div className="space-y-4">
      <ChoiceCards
        label="Bonos a la venta"
        align="start"
        columns={1}
        value={product.id}
        onChange={setPicked}
        choices={products.map((p) => ({
          value: p.id,
          children: (
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="break-words font-semibold text-stone-900">{p.name}</span>
                <span className="font-semibold tabular-nums text-stone-900">{displayMoney(toCents(p.price))}</span>
              </span>
              <span className="text-sm text-stone-700">{hoursText(p.hours)}</span>
              <span className="text-sm text-stone-600">{scopeText(p, venueName)}</span>
              <span className="text-sm text-stone-600">{validityText(p)}</span>
            </span>
          ),
        }))}
      />
      <CardPayment
        key={`${round}-${product.id}`}
        payments={config.payments}
        amount={price}
        submitLabel={`Comprar por ${displayMoney(price)}`}
        returnPath="/settings?tab=bonos"
        createIntent={() => createPunchCardPurchase(product.id)}
        onPaid={async (paymentIntentId) => {
          try {
            await record(paymentIntentId);
            toast({ title: "Bono comprado", description: `${product.name}: ${hoursText(product.hours)} para tus reservas` });
            setRound((n) => n + 1);
          } catch (failure) {
            toastError("Error en la compra", describeError(failure, "No se pudo registrar la compra. Si se cobró, tu bono aparecerá en unos minutos."));
          }
        }}
      />
    </div>
  );
}

/** Settings' 'Bonos': the player's punch cards and the ones on sale, bought by card; the receipts of the punch cards and memberships bought. */
export function PunchCardsPanel() {
  const { data: config } = useConfig();
  const { data: venues } = useVenues();
  const venueName: VenueName = (id) => venues?.find((v) => v.id === id)?.name;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Mis bonos</CardTitle>
            <p className="text-sm text-stone-600">Cada hora paga una reserva completa de su sede y horario, sin comisión.</p>
          </CardHeader>
          <CardContent>
            <MyCards venueName={venueName} timeZone={config?.timeZone} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Mis compras</CardTitle>
            <p className="text-sm text-stone-600">Descarga el recibo de cada bono y membresía que compraste.</p>
          </CardHeader>
          <CardContent className="space-y-6">
            <section aria-labelledby="recibos-bonos">
              <h3 id="recibos-bonos" className="mb-1 text-sm font-semibold text-stone-700">
                Bonos
              </h3>
              <PurchaseReceipts kind="punch_card" label="Recibos de bonos" empty="Aún no has comprado bonos" timeZone={config?.timeZone} />
            </section>
            <section aria-labelledby="recibos-membresias">
              <h3 id="recibos-membresias" className="mb-1 text-sm font-semibold text-stone-700">
                Membresías
              </h3>
              <PurchaseReceipts kind="membership" label="Recibos de membresías" empty="Aún no eres socio de ninguna sede" timeZone={config?.timeZone} />
            </section>
          </CardContent>
        </Card>
      </div>
      <aside aria-labelledby="comprar-bono" className="lg:sticky lg:top-24 lg:self-start">
        <Card>
          <CardHeader>
            <CardTitle id="comprar-bono">Comprar un bono</CardTitle>
          </CardHeader>
          <CardContent>
            <Buy venueName={venueName} />
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
