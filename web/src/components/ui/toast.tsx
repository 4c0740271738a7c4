import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";

/**
 * Notifications (SPEC.md section 2 and 9): at most one toast at a time, 5000 ms, swipe right
 * past 50 px to dismiss, F8 focuses the region (Radix's default hotkey). A new toast replaces
 * the one on screen.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export interface ShownToast extends ToastMessage {
  id: number;
  /** raised for the screen the app is going to: it stays through the next change of path */
  carried: boolean;
}

let current: ShownToast | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const raise = (message: ToastMessage, carried: boolean) => {
  current = { ...message, id: ++seq, carried };
  emit();
};

/** A toast about the screen on display: the next change of path clears it. */
export const toast = (message: ToastMessage): void => raise(message, false);

/**
 * A toast about the screen the app is going to ('¡Bienvenido!' then the dashboard, 'Inicia
 * sesión' then /login, 'Sesión cerrada' then the home page): it stays through the next change of
 * path, raised just before the navigation or just after it, and goes with the one after that.
 */
export const toastForNextScreen = (message: ToastMessage): void => raise(message, true);

export const toastError = (title: string, description?: string) =>
  toast({ title, ...(description ? { description } : {}), variant: "destructive" });

export const dismissToast = (id: number) => {
  if (current?.id === id) {
    current = null;
    emit();
  }
};

/** A form submitted again: the toast about its last attempt no longer says anything true. */
export const clearToasts = () => {
  if (!current) return;
  current = null;
  emit();
};

export const subscribeToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentToast = () => current;

/** What a change of path does to the toast on screen: a carried one stays once, any other goes. */
export const leaveScreen = () => {
  if (!current) return;
  if (current.carried) {
    // the same toast, on screen as it was: only the next change of path will clear it
    current.carried = false;
    return;
  }
  current = null;
  emit();
};

/**
 * Clears the previous screen's toast whenever the path changes. A layout effect: it runs before
 * any screen's own effects of the same commit, so a guard that toasts for the next screen and
 * redirects when it mounts ('Inicia sesión', then /login) raises its toast after this one has
 * cleared the old screen's, and the toast is carried through the redirect. The path last seen,
 * not a first-render flag, decides: StrictMode runs a mount's effects twice.
 */
function useClearToastsOnNavigation() {
  const { pathname } = useLocation();
  const seen = useRef(pathname);
  useLayoutEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    leaveScreen();
  }, [pathname]);
}

// The Radix toast region is its own chunk: it loads when the browser is idle after the first
// paint (so F8 reaches it), or at once when a toast is raised before that.
const Toaster = lazy(() => import("./toaster"));

export function ToastHost() {
  useClearToastsOnNavigation();
  const shown = useSyncExternalStore(subscribeToasts, currentToast, () => null);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const ready = () => setIdle(true);
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(ready, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(ready, 200);
    return () => window.clearTimeout(handle);
  }, []);
  if (!idle && !shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
