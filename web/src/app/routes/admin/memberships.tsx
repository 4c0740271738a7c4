import { useState, type ReactNode } from "react";
import { IdCard, Plus, Receipt } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { AppDialog } from "../../../components/ui/dialog";
import { EmptyState, ErrorNotice } from "../../../components/ui/empty-state";
import { SelectField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { PlayerPicker } from "../../../features/club/components/player-picker";
import { useConfig } from "../../../features/config/api/get-config";
import { useMembershipPlans } from "../../../features/products/api/membership-plans";
import { useRecentPurchases } from "../../../features/products/api/purchases";
import { DeskMembership } from "../../../features/products/components/desk-membership";
import { PlanForm } from "../../../features/products/components/plan-form";
import { PlanList } from "../../../features/products/components/plan-list";
import { PurchaseList } from "../../../features/products/components/purchase-list";
import { useVenues } from "../../../features/venues/api/get-venues";
import { isPending } from "../../../lib/swr";
import type { User, Venue } from "../../../types/api";
import { AdminShell } from "../../layout/admin-shell";

function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={id} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

function VenuePlans({ venue }: { venue: Venue }) {
  const plans = useMembershipPlans(venue.id);
  const config = useConfig();
  const [creating, setCreating] = useState(false);
  const [player, setPlayer] = useState<User | null>(null);
  // each recorded membership starts the next one with an empty search
  const [recorded, setRecorded] = useState(0);
  return (
    <>
      <Section
        id="planes"
        title={`Planes de ${venue.name}`}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Nuevo plan
          </Button>
        }
      >
        {isPending(plans) ? (
          <Spinner label="Cargando planes..." />
        ) : plans.error ? (
          <ErrorNotice>No se pudieron cargar los planes.</ErrorNotice>
        ) : !plans.data || plans.data.length === 0 ? (
          <EmptyState icon={<IdCard aria-hidden="true" className="h-6 w-6" />} title="Esta sede aún no tiene planes de socio" />
        ) : (
          <PlanList plans={plans.data} venueId={venue.id} />
        )}
      </Section>
      <Section id="mostrador" title="Registrar en el mostrador">
        <Card className="max-w-2xl p-4 sm:p-6">
          <p className="mb-4 text-sm text-stone-600">Una membresía de {venue.name} pagada en efectivo: se emite su recibo y empieza hoy.</p>
          <DeskMembership
            key={venue.id}
            picker={<PlayerPicker key={recorded} selected={player} onSelect={setPlayer} />}
            player={player}
            plans={plans.data ?? []}
            {...(config.data ? { timeZone: config.data.timeZone } : {})}
            onRecorded={() => {
              setPlayer(null);
              setRecorded((count) => count + 1);
            }}
          />
        </Card>
      </Section>
      <AppDialog open={creating} onOpenChange={setCreating} title="Nuevo plan" description={venue.name}>
        {creating && <PlanForm venue={venue} onDone={() => setCreating(false)} />}
      </AppDialog>
    </>
  );
}

function RecentSales() {
  const sales = useRecentPurchases();
  const config = useConfig();
  return (
    <Section id="ventas" title="Ventas recientes">
      {isPending(sales) ? (
        <Spinner label="Cargando ventas..." />
      ) : sales.error ? (
        <ErrorNotice>No se pudieron cargar las ventas.</ErrorNotice>
      ) : !sales.data || sales.data.items.length === 0 ? (
        <EmptyState icon={<Receipt aria-hidden="true" className="h-6 w-6" />} title="Aún no se ha vendido ningún producto" />
      ) : (
        <PurchaseList purchases={sales.data.items} total={sales.data.total} {...(config.data ? { timeZone: config.data.timeZone } : {})} />
      )}
    </Section>
  );
}

function Memberships() {
  const venues = useVenues();
  const [chosen, setChosen] = useState<string>("");
  const venue = venues.data?.find((v) => v.id === chosen) ?? venues.data?.[0];
  if (isPending(venues)) return <Spinner label="Cargando sedes..." />;
  if (venues.error) return <ErrorNotice>No se pudieron cargar las sedes.</ErrorNotice>;
  return (
    <>
      {venue ? (
        <>
          <SelectField label="Sede" value={venue.id} onChange={(e) => setChosen(e.target.value)} className="mb-6 max-w-sm">
            {(venues.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
          <VenuePlans key={venue.id} venue={venue} />
        </>
      ) : (
        <EmptyState title="Aún no hay sedes" />
      )}
      <RecentSales />
    </>
  );
}

export default function AdminMembershipsScreen() {
  return (
    <AdminShell title="Socios" description="Planes de socio por sede, membresías pagadas en el mostrador y ventas de productos.">
      <Memberships />
    </AdminShell>
  );
}
