import { useState } from "react";
import { Plus, Ticket } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { AppDialog } from "../../../components/ui/dialog";
import { EmptyState, ErrorNotice } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { usePunchCardProducts } from "../../../features/products/api/punch-card-products";
import { PunchCardForm } from "../../../features/products/components/punch-card-form";
import { PunchCardList } from "../../../features/products/components/punch-card-list";
import { useVenues } from "../../../features/venues/api/get-venues";
import { isPending } from "../../../lib/swr";
import { AdminShell } from "../../layout/admin-shell";

function Products() {
  const products = usePunchCardProducts();
  const venues = useVenues();
  const [creating, setCreating] = useState(false);
  // the ones on sale first, each group as the server lists it
  const sorted = [...(products.data ?? [])].sort((a, b) => Number(b.active) - Number(a.active));
  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Nuevo bono
        </Button>
      </div>
      {isPending(products) ? (
        <Spinner label="Cargando bonos..." />
      ) : products.error ? (
        <ErrorNotice>No se pudieron cargar los bonos.</ErrorNotice>
      ) : sorted.length === 0 ? (
        <EmptyState icon={<Ticket aria-hidden="true" className="h-6 w-6" />} title="Aún no hay bonos">
          <p className="text-sm text-stone-600">Crea un bono de horas para venderlo a los jugadores.</p>
        </EmptyState>
      ) : (
        <PunchCardList products={sorted} venues={venues.data ?? []} />
      )}
      <AppDialog open={creating} onOpenChange={setCreating} title="Nuevo bono">
        {creating && <PunchCardForm venues={venues.data ?? []} onDone={() => setCreating(false)} />}
      </AppDialog>
    </>
  );
}

export default function AdminPunchCardsScreen() {
  return (
    <AdminShell title="Bonos" description="Paquetes de horas que los jugadores compran por adelantado.">
      <Products />
    </AdminShell>
  );
}
