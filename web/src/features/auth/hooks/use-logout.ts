import { useState } from "react";
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
  const [pending, setPending] = useState(false);
  const { mutate } = useSWRConfig();
  const { trigger: logout } = useLogoutRequest();
  const run = async () => {
    setPending(true);
    try {
      await logout(kind);
      // The guarded screen being left stands down until the destination shows (the app's
      // useSessionEndingArrival), so its guard does not redirect somewhere else first.
      startSessionEnding(pathname);
      navigate(to);
      // logging out on the destination itself (home, from home): the path does not change, and
      // the toast belongs to the screen on display
      (pathname === to ? toast : toastForNextScreen)({
        title: "Sesión cerrada",
        description:
          kind === "admin" ? "Sesión de administrador cerrada exitosamente" : "Has cerrado sesión exitosamente",
      });
      try {
        await endSession(mutate);
      } finally {
        if (pathname === to) stopSessionEnding();
      }
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
