import { Link, useParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useMe } from "../../features/auth/api/get-me";
import { AuthCard } from "../../features/auth/components/auth-card";
import { ResendVerificationButton } from "../../features/auth/components/email-verification-notice";
import { LinkGone } from "../../features/auth/components/link-gone";
import { useEmailVerification } from "../../features/auth/hooks/use-email-verification";
import { withReturn } from "../../features/auth/return-to";
import type { User } from "../../types/api";
import { useTitle } from "../../lib/use-title";

function Onward({ user }: { user: User | null }) {
  return user ? (
    <Button asChild>
      <Link to="/user-dashboard">Ir a Mi Dashboard</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link to="/login">Iniciar Sesión</Link>
    </Button>
  );
}

/** /verificar/{token}: the link of the mail 'Confirma tu correo', confirmed on arrival. */
export default function VerifyEmailScreen() {
  const { token = "" } = useParams();
  const { state, retry } = useEmailVerification(token);
  const { user } = useMe();
  useTitle("Confirmar correo");
  // a link already used, for an account whose email is confirmed (opened twice): nothing is wrong
  const confirmed = state.status === "confirmed" || (state.status === "gone" && user?.emailVerified === true);
  return (
    <AuthCard title={confirmed ? "Correo confirmado" : "Confirmar correo"}>
      {confirmed ? (
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <p className="text-stone-800">Gracias: tu correo quedó confirmado.</p>
          <Onward user={user} />
        </div>
      ) : state.status === "pending" ? (
        <Spinner label="Confirmando tu correo..." className="py-6" />
      ) : state.status === "gone" ? (
        <LinkGone message={state.message}>
          {user ? (
            <ResendVerificationButton email={user.email} />
          ) : (
            <>
              <p className="text-sm text-stone-600">Si tu correo aún no está confirmado, inicia sesión y pide otro enlace desde Configuración.</p>
              <Button asChild>
                <Link to={withReturn("/login", "/settings")}>Iniciar Sesión</Link>
              </Button>
            </>
          )}
        </LinkGone>
      ) : (
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <p className="text-stone-800">{state.message}</p>
          <Button onClick={retry}>Intentar de nuevo</Button>
        </div>
      )}
    </AuthCard>
  );
}
