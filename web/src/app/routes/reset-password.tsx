import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { AuthCard } from "../../features/auth/components/auth-card";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { useTitle } from "../../lib/use-title";

/** /restablecer/{token}: the link of the mail 'Restablece tu contraseña'. */
export default function ResetPasswordScreen() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  // a link that no longer works: the card says so, not 'choose a password'
  const [gone, setGone] = useState(false);
  useTitle("Restablecer contraseña");
  return (
    <AuthCard title="Nueva contraseña" subtitle={gone ? undefined : "Elige la contraseña con la que entrarás desde ahora."}>
      <ResetPasswordForm token={token} onDone={() => navigate("/login", { replace: true })} onGone={() => setGone(true)} />
    </AuthCard>
  );
}
