import { Link } from "react-router-dom";
import { CreditCard } from "lucide-react";
import { Button } from "../../../components/ui/button";

/** SPEC.md's 'Completar Pago' on a booking that is not paid in full: to its checkout. */
export function CompletePaymentLink({ bookingId }: { bookingId: string }) {
  return (
    <Button asChild size="sm">
      <Link to={`/checkout/${bookingId}`}>
        <CreditCard aria-hidden="true" className="h-4 w-4" /> Completar Pago
      </Link>
    </Button>
  );
}
