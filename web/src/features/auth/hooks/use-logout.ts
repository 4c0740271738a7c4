import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast, toastError, toastForNextScreen } from "../../../components/ui/toast";
import { useSWRConfig } from "swr";
import { endSession } from "../../../lib/swr";
import { startSessionEnding, stopSessionEnding } from "../session-ending";
import { useLogoutRequest } from "../api/logout";

/**
 * Logout (SPEC.md section 4): the session is fetched again, a confirmation shows, then the
 * screen's destination (/ by default; the user dashboard goes to /login, admin payments to
 * /admin/login).
 */
export function useLogout(kind: "user" | "admin", to = "/") {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // where the app is when the logout answers (the player may have moved while it was on its way)
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  const [pending, setPending] = useState(false);
  const { mutate } = useSWRConfig();
  const { trigger: logout } = useLogoutRequest();
  const run = async () => {
    setPending(true);
    try {
      await logout(kind);
      const from = here.current;
      // The guarded screen being left stands down until the destination shows (the app's
      // useSessionEndingArrival), so its guard does not redirect somewhere else first. On the
      // destination itself (home, from home) nothing is left.
      if (from !== to) startSessionEnding(from);
      navigate(to);
      // on the destination itself the path does not change, and the toast belongs to the screen on display
      (from === to ? toast : toastForNextScreen)({
        title: "Sesión cerrada",
        description:
          kind === "admin" ? "Sesión de administrador cerrada exitosamente" : "Has cerrado sesión exitosamente",
      });
      await endSession(mutate);
    } catch (error) {
      stopSessionEnding();
      console.error(error);
      toastError("Error", "No se pudo cerrar la sesión");
    } finally {
      setPending(false);
    }
  };
  return { logout: run, pending };
}
