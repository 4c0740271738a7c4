import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";

/**
 * The path a logout started on, while the app moves to the logout's destination; null otherwise.
 * The screen being left must not run its own guest redirect (to /login or /admin/login) when the
 * session turns empty under it: route changes are transitions, and until the destination's code
 * has loaded the screen left behind stays mounted, sees a guest, and would win over the logout.
 * The guards subscribe to it (useSessionEnding), so they look again once it ends.
 */
let leaving: string | null = null;
const listeners = new Set<() => void>();
const set = (value: string | null) => {
  if (leaving === value) return;
  leaving = value;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const isSessionEnding = () => leaving !== null;

/** A logout on `pathname` begins: that screen's guards stand down until the app has left it. */
export const startSessionEnding = (pathname: string) => set(pathname);

/** The logout failed. */
export const stopSessionEnding = () => set(null);

/** Whether a logout is on its way out; a guard renders again when it ends. */
export const useSessionEnding = () => useSyncExternalStore(subscribe, isSessionEnding, isSessionEnding);

/** Mounted once inside the router: a logout is over once the app shows another path. */
export function useSessionEndingArrival() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (leaving !== null && leaving !== pathname) set(null);
  }, [pathname]);
}
