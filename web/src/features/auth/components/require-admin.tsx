import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { Spinner } from "../../../components/ui/spinner";
import { useAdminCheck } from "../api/get-admin-check";
import { useSessionEnding } from "../session-ending";

/** Admin screens: 'Verificando acceso...' while GET /api/admin/check runs; non-admins go to /admin/login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin, isChecking } = useAdminCheck();
  const ending = useSessionEnding();
  if (isChecking || (!isAdmin && ending)) return <Spinner label="Verificando acceso..." />;
  if (!isAdmin) return <Navigate to="/admin/login" replace />;
  return <>{children}</>;
}
