import { Link, useNavigate } from "react-router-dom";
import { ArrowLeft } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { AdminLoginForm } from "../../../features/auth/components/admin-login-form";
import { AuthCard } from "../../../features/auth/components/auth-card";
import { useTitle } from "../../../lib/use-title";

export default function AdminLoginScreen() {
  const navigate = useNavigate();
  useTitle("Acceso Administrativo");
  return (
    <AuthCard
      title="Panel Administrativo"
      subtitle="Acceso exclusivo para administradores del club"
      footer={
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Volver al inicio
          </Link>
        </Button>
      }
    >
      <AdminLoginForm onDone={() => navigate("/admin")} />
    </AuthCard>
  );
}
