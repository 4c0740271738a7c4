import { useState } from "react";
import { Link } from "react-router-dom";
import { ArrowLeft } from "lucide-react";
import { Button } from "../../components/ui/button";
import { AuthCard } from "../../features/auth/components/auth-card";
import { ForgotPasswordForm } from "../../features/auth/components/forgot-password-form";
import { useTitle } from "../../lib/use-title";

/** /recuperar: '¿Olvidaste tu contraseña?' from /login. */
export default function ForgotPasswordScreen() {
  // once sent, the card's answer replaces its request
  const [sent, setSent] = useState(false);
  useTitle("Recuperar contraseña");
  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle={sent ? undefined : "Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva."}
      footer={
        <Button asChild variant="ghost" size="sm">
          <Link to="/login">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Volver a iniciar sesión
          </Link>
        </Button>
      }
    >
      <ForgotPasswordForm onSent={setSent} />
    </AuthCard>
  );
}
