import { useState } from "react";
import { Percent, Plus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { AppDialog } from "../../../components/ui/dialog";
import { EmptyState, ErrorNotice } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { useAdminCodes } from "../../../features/discounts/api/get-admin-codes";
import { DiscountForm } from "../../../features/discounts/components/discount-form";
import { DiscountList } from "../../../features/discounts/components/discount-list";
import { isPending } from "../../../lib/swr";
import type { DiscountCode } from "../../../types/api";
import { AdminShell } from "../../layout/admin-shell";

function Codes() {
  const codes = useAdminCodes();
  const { data, error } = codes;
  const [editing, setEditing] = useState<DiscountCode | "new" | null>(null);
  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Agregar Código
        </Button>
      </div>
      {isPending(codes) ? (
        <Spinner label="Cargando códigos..." />
      ) : error ? (
        <ErrorNotice>No se pudieron cargar los códigos de descuento.</ErrorNotice>
      ) : !data || data.length === 0 ? (
        <EmptyState icon={<Percent aria-hidden="true" className="h-6 w-6" />} title="Aún no hay códigos de descuento" />
      ) : (
        <DiscountList codes={data} onEdit={setEditing} />
      )}
      <AppDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? "Nuevo Código" : "Editar Código"}
      >
        {editing !== null && (
          <DiscountForm
            key={editing === "new" ? "new" : editing.id}
            {...(editing === "new" ? {} : { code: editing })}
            onDone={() => setEditing(null)}
          />
        )}
      </AppDialog>
    </>
  );
}

export default function AdminDiscountsScreen() {
  return (
    <AdminShell title="Códigos de Descuento" description="Crea, edita y activa códigos promocionales.">
      <Codes />
    </AdminShell>
  );
}
