import { useNavigate, useParams } from "react-router-dom";
import { AuthCard } from "../../features/auth/components/auth-card";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { useTitle } from "../../lib/use-title";

/** /restablecer/{token}: the link of the mail 'Restablece tu contraseña'. */
export default function ResetPasswordScreen() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  useTitle("Restablecer contraseña");
  return (
    <AuthCard title="Nueva contraseña" subtitle="Elige la contraseña con la que entrarás desde ahora.">
      <ResetPasswordForm token={token} onDone={() => navigate("/login", { replace: true })} />
    </AuthCard>
  );
}
