import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";

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
}

let current: ShownToast | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(message: ToastMessage): void {
  current = { ...message, id: ++seq };
  emit();
}

export const toastError = (title: string, description?: string) =>
  toast({ title, ...(description ? { description } : {}), variant: "destructive" });

export const dismissToast = (id: number) => {
  if (current?.id === id) {
    current = null;
    emit();
  }
};

export const subscribeToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentToast = () => current;

// The Radix toast region is its own chunk: it loads when the browser is idle after the first
// paint (so F8 reaches it), or at once when a toast is raised before that.
const Toaster = lazy(() => import("./toaster"));

export function ToastHost() {
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
