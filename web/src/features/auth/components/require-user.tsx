import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { Spinner } from "../../../components/ui/spinner";
import { toast, type ToastMessage } from "../../../components/ui/toast";
import type { User } from "../../../types/api";
import { useMe } from "../api/session";
import { isSessionEnding } from "../session-ending";

/**
 * Screens for a logged-in player (SPEC.md section 6): a guest is sent to /login, after an
 * optional toast saying why.
 */
export function RequireUser({
  children,
  guestToast,
}: {
  children: (user: User) => ReactNode;
  guestToast?: ToastMessage;
}) {
  const { user, isLoading } = useMe();
  const navigate = useNavigate();
  const isGuest = !isLoading && !user;
  const message = useRef(guestToast);
  useEffect(() => {
    if (!isGuest || isSessionEnding()) return;
    if (message.current) toast(message.current);
    navigate("/login", { replace: true });
  }, [isGuest, navigate]);
  if (!user) return <Spinner label="Verificando sesión..." />;
  return <>{children(user)}</>;
}
