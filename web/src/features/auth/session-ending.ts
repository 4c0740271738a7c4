import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/**
 * The path a logout started on, while the app moves to the logout's destination; null otherwise.
 * The screen being left must not run its own guest redirect (to /login or /admin/login) when the
 * session turns empty under it: route changes are transitions, and until the destination's code
 * has loaded the screen left behind stays mounted, sees a guest, and would win over the logout.
 */
let leaving: string | null = null;

export const isSessionEnding = () => leaving !== null;

/** A logout on `pathname` begins: that screen's guards stand down until the app has left it. */
export const startSessionEnding = (pathname: string) => {
  leaving = pathname;
};

/** The logout failed, or it ended on the path it started from (home, from home). */
export const stopSessionEnding = () => {
  leaving = null;
};

/** Mounted once inside the router: a logout is over once the app shows another path. */
export function useSessionEndingArrival() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (leaving !== null && leaving !== pathname) leaving = null;
  }, [pathname]);
}
