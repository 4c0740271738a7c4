import { useState } from "react";
import { toast, toastError } from "../components/ui/toast";
import { describeError } from "./api-client";

export interface ConfirmedActionTexts<T> {
  /** the toast once the action is done */
  readonly done: (target: T) => { title: string; description: string };
  /** the toast's text when the server sent no message of its own */
  readonly failed: string;
}

/**
 * Confirm, then act: `ask(target)` opens the confirmation; its confirm button runs `act` once
 * (busy meanwhile), toasts the outcome and closes on success; a failure keeps it open so the
 * person can try again or cancel. Spread `dialog` into a ConfirmDialog.
 */
export function useConfirmedAction<T>(act: (target: T) => Promise<unknown>, texts: ConfirmedActionTexts<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null || busy) return;
    setBusy(true);
    try {
      await act(target);
      toast(texts.done(target));
      setTarget(null);
    } catch (error) {
      toastError("Error", describeError(error, texts.failed));
    } finally {
      setBusy(false);
    }
  };

  return {
    target,
    ask: (next: T) => setTarget(next),
    busy,
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => {
        if (!open && !busy) setTarget(null);
      },
      busy,
      onConfirm: () => void confirm(),
    },
  };
}
