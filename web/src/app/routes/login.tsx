import { Link, useLocation, useNavigate } from "react-router-dom";
import { ArrowLeft } from "lucide-react";
import { Button } from "../../components/ui/button";
import { AuthCard } from "../../features/auth/components/auth-card";
import { LoginForm } from "../../features/auth/components/login-form";
import { returnPathOf, withReturn } from "../../features/auth/return-to";
import { useTitle } from "../../lib/use-title";

export default function LoginScreen() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const next = returnPathOf(search);
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
      <LoginForm onDone={() => navigate(next, { replace: true })} />
    </AuthCard>
  );
}
