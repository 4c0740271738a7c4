import { Link, useLocation, useNavigate } from "react-router-dom";
import { AuthCard } from "../../features/auth/components/auth-card";
import { RegisterForm } from "../../features/auth/components/register-form";
import { returnPathOf, withReturn } from "../../features/auth/return-to";
import { useTitle } from "../../lib/use-title";

export default function RegisterScreen() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const next = returnPathOf(search);
  useTitle("Registrarse");
  return (
    <AuthCard
      title="Crear Cuenta"
      subtitle="Regístrate para reservar canchas y pagar en línea"
      footer={
        <p>
          ¿Ya tienes cuenta?{" "}
          <Link to={withReturn("/login", next)} className="rounded font-semibold text-court-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400">
            Inicia sesión
          </Link>
        </p>
      }
    >
      <RegisterForm onDone={() => navigate(next, { replace: true })} />
    </AuthCard>
  );
}
