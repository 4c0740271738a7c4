import { Link, useSearchParams } from "react-router-dom";
import { CircleCheck, CircleHelp, CircleX } from "lucide-react";
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
  // Stripe's outcomes; anything else (the address opened by hand) tells nothing about a payment
  const outcome =
    status === "succeeded" ? "paid" : status === "processing" ? "processing" : status === "failed" || status === "requires_payment_method" ? "failed" : "unknown";
  const failed = outcome === "failed";
  const TEXT = {
    paid: { title: "¡Pago recibido!", text: "Tu pago ha sido procesado correctamente. ¡Nos vemos en la cancha!" },
    processing: { title: "¡Pago recibido!", text: "Tu pago se está procesando. Te avisaremos cuando se confirme." },
    failed: { title: "El pago no se pudo completar", text: "Tu banco no autorizó el pago. Vuelve al link compartido para intentarlo de nuevo." },
    unknown: { title: "Estado del pago", text: "Aquí no hay un pago que mostrar. Abre el link compartido: allí ves si tu parte ya figura como pagada." },
  } as const;
  useTitle(failed ? "Pago no completado" : outcome === "unknown" ? "Estado del pago" : "Pago recibido");
  return (
    <Page narrow>
      <EmptyState
        icon={failed ? <CircleX aria-hidden="true" className="h-6 w-6" /> : outcome === "unknown" ? <CircleHelp aria-hidden="true" className="h-6 w-6" /> : <CircleCheck aria-hidden="true" className="h-6 w-6" />}
        title={TEXT[outcome].title}
      >
        <p className="max-w-md text-sm text-stone-600">{TEXT[outcome].text}</p>
        <Button asChild>
          <Link to="/">Ir al inicio</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
