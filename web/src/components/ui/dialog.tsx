import type { ReactNode } from "react";
import { AlertDialog, Dialog } from "radix-ui";
import { X } from "lucide-react";
import { buttonClass } from "./button";
import { cn } from "../../lib/cn";

const overlayClass = "dialog-overlay fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px]";
const contentClass = cn(
  "dialog-content fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2",
  "overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none",
);

interface AppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A modal form or panel: Radix Dialog with focus trap, Escape and a labelled close button. */
export function AppDialog({ open, onOpenChange, title, description, children, className }: AppDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={cn(contentClass, className)} {...(description ? {} : { "aria-describedby": undefined })}>
          <Dialog.Title className="pr-8 text-xl font-bold text-stone-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-1 text-sm text-stone-600">{description}</Dialog.Description>}
          <div className="mt-5">{children}</div>
          <Dialog.Close
            aria-label="Cerrar"
            className="absolute right-4 top-4 rounded-lg p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
}

/** A destructive confirmation: Radix AlertDialog (focus starts on "Cancelar"). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancelar",
  onConfirm,
  busy,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={contentClass}>
          <AlertDialog.Title className="text-xl font-bold text-stone-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-stone-600">{description}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("outline")}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass("destructive")}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
