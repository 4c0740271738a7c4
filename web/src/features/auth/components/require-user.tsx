import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Spinner } from "../../../components/ui/spinner";
import { toastForNextScreen, type ToastMessage } from "../../../components/ui/toast";
import type { User } from "../../../types/api";
import { useMe } from "../api/get-me";
import { useSessionEnding } from "../session-ending";
import { withReturn } from "../return-to";

/**
 * Screens for a logged-in player (SPEC.md section 6): a guest is sent to /login, after an
 * optional toast saying why, with the way back (?next=) to this screen.
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
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const isGuest = !isLoading && !user;
  // while a logout leaves this screen, its own redirect stands down; it looks again once that ends
  const ending = useSessionEnding();
  const message = useRef(guestToast);
  useEffect(() => {
    if (!isGuest || ending) return;
    if (message.current) toastForNextScreen(message.current);
    // after login the player comes back here, not to /user-dashboard
    navigate(withReturn("/login", here), { replace: true });
  }, [isGuest, ending, navigate, here]);
  if (!user) return <Spinner label="Verificando sesión..." />;
  return <>{children(user)}</>;
}
