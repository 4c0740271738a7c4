import { Link } from "react-router-dom";
import { MapPin } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { Page } from "../../../components/ui/page";

/** SPEC.md section 2: a venue that does not exist, on its page or its calendar. */
export function VenueNotFound() {
  return (
    <Page narrow>
      <EmptyState icon={<MapPin aria-hidden="true" className="h-6 w-6" />} title="Complejo no encontrado">
        <p className="text-sm text-stone-600">El complejo que buscas no existe o fue eliminado.</p>
        <Button asChild variant="primary">
          <Link to="/">Volver al inicio</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
