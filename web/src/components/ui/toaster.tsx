import { useSyncExternalStore } from "react";
import { Toast } from "radix-ui";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { cn } from "../../lib/cn";
import { currentToast, dismissToast as dismiss, subscribeToasts } from "./toast";

export const TOAST_DURATION = 5000;

export default function Toaster() {
  const shown = useSyncExternalStore(subscribeToasts, currentToast, () => null);
  const destructive = shown?.variant === "destructive";
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label="Notificación">
      {shown && (
        <Toast.Root
          key={shown.id}
          type={destructive ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismiss(shown.id);
          }}
          className={cn(
            "toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg",
            destructive ? "border-red-200 bg-red-50 text-red-900" : "border-court-200 bg-white text-stone-900",
          )}
        >
          {destructive ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-600" />
          ) : (
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-court-600" />
          )}
          <div className="grid gap-0.5">
            <Toast.Title className="text-sm font-semibold">{shown.title}</Toast.Title>
            {shown.description && (
              <Toast.Description className={cn("text-sm", destructive ? "text-red-800" : "text-stone-600")}>
                {shown.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Cerrar notificación"
            className="absolute right-2 top-2 rounded-lg p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        label="Notificaciones ({hotkey})"
        // On a phone the top edge: at the bottom a toast covered the payment choice and the booking bar.
        className="fixed right-0 top-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none md:bottom-0 md:top-auto focus-visible:ring-2 focus-visible:ring-ball-400"
      />
    </Toast.Provider>
  );
}
