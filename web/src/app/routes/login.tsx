import { Link, useLocation, useNavigate } from "react-router-dom";
import { ArrowLeft, CalendarCheck, ShieldCheck } from "lucide-react";
import { isLocalDate, isSlot } from "@courts/core";
import { Button } from "../../components/ui/button";
import { useAdminCheck } from "../../features/auth/api/get-admin-check";
import { AuthCard } from "../../features/auth/components/auth-card";
import { LoginForm } from "../../features/auth/components/login-form";
import { returnPathOf, withReturn } from "../../features/auth/return-to";
import { formatDay } from "../../lib/format";
import { useTitle } from "../../lib/use-title";

/**
 * What a guest who chose an hour (the venue's day grid) is told on the way: where login takes
 * them back to. Null when the return path is not a booking.
 */
export const bookingReturnNote = (next: string): string | null => {
  if (!next.startsWith("/booking/")) return null;
  const params = new URLSearchParams(next.split("?")[1] ?? "");
  const date = params.get("date") ?? "";
  const slot = params.get("slot") ?? "";
  if (isLocalDate(date) && isSlot(slot))
    return `Inicia sesión para reservar el ${formatDay(date, "EEEE d 'de' MMMM")} a las ${slot}: volverás a la reserva con esa hora elegida.`;
  return "Inicia sesión para reservar: volverás a la cancha que elegiste.";
};

export default function LoginScreen() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const next = returnPathOf(search);
  const returnNote = bookingReturnNote(next);
  // the admin's session is not a player's (SPEC.md): an admin sent here by 'Mi Cuenta' is told why
  const { isAdmin } = useAdminCheck();
  useTitle("Iniciar Sesión");
  return (
    <AuthCard
      title="Iniciar Sesión"
      subtitle="Ingresa para reservar y gestionar tus canchas"
      footer={
        <div className="space-y-3">
          <p>
            ¿No tienes cuenta?{" "}
            <Link to={withReturn("/register", next)} className="rounded font-semibold text-court-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400">
              Regístrate
            </Link>
          </p>
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Volver al inicio
            </Link>
          </Button>
        </div>
      }
    >
      {returnNote && !isAdmin && (
        <div role="note" data-testid="booking-return-note" className="mb-5 flex gap-3 rounded-2xl bg-court-50 p-4 text-sm text-court-900 ring-1 ring-inset ring-court-600/20">
          <CalendarCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>{returnNote}</p>
        </div>
      )}
      {isAdmin && (
        <div role="note" className="mb-5 flex gap-3 rounded-2xl bg-court-50 p-4 text-sm text-court-900 ring-1 ring-inset ring-court-600/20">
          <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>
            Entraste como administrador: esa sesión no es una cuenta de jugador. Para reservar y pagar, ingresa con tu usuario de jugador, o
            vuelve al{" "}
            <Link to="/admin" className="font-semibold underline underline-offset-2">
              Panel Admin
            </Link>
            .
          </p>
        </div>
      )}
      <LoginForm onDone={() => navigate(next, { replace: true })} />
      <p className="mt-4 text-center text-sm">
        <Link to="/recuperar" className="rounded font-medium text-court-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400">
          ¿Olvidaste tu contraseña?
        </Link>
      </p>
    </AuthCard>
  );
}
