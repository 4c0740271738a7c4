import { Link, useSearchParams } from "react-router-dom";
import { CircleCheck, CircleX } from "lucide-react";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Page } from "../../components/ui/page";
import { useTitle } from "../../lib/use-title";

/**
 * Where Stripe sends a shared-link payer back after a redirect-based confirmation (3-D Secure).
 * The server's webhook records the payment; this screen only tells the outcome.
 */
export default function PaymentSuccessScreen() {
  const [params] = useSearchParams();
  const status = params.get("redirect_status");
  const failed = status === "failed";
  useTitle(failed ? "Pago no completado" : "Pago recibido");
  return (
    <Page narrow>
      <EmptyState
        icon={failed ? <CircleX aria-hidden="true" className="h-6 w-6" /> : <CircleCheck aria-hidden="true" className="h-6 w-6" />}
        title={failed ? "El pago no se pudo completar" : "¡Pago recibido!"}
      >
        <p className="max-w-md text-sm text-stone-600">
          {failed
            ? "Tu banco no autorizó el pago. Vuelve al link compartido para intentarlo de nuevo."
            : status === "processing"
              ? "Tu pago se está procesando. Te avisaremos cuando se confirme."
              : "Tu pago ha sido procesado correctamente. ¡Nos vemos en la cancha!"}
        </p>
        <Button asChild>
          <Link to="/">Ir al inicio</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
