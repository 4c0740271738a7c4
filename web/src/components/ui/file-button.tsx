import type { ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "./button";
import { cn } from "../../lib/cn";

/**
 * A file picker that looks like a button: the real input stays focusable (visually hidden)
 * inside its label, so keyboard and screen readers use the native control.
 */
export function FileButton({
  children,
  accept,
  onFile,
  disabled,
  variant = "outline",
  label,
}: {
  children: ReactNode;
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  variant?: ButtonVariant;
  /** accessible name when the visible text is not enough */
  label?: string;
}) {
  return (
    <label
      className={cn(
        buttonClass(variant, "sm"),
        "focus-within:ring-2 focus-within:ring-ball-400 focus-within:ring-offset-2",
        disabled && "pointer-events-none opacity-50",
      )}
    >
      <input
        type="file"
        accept={accept}
        className="sr-only"
        disabled={disabled}
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
      {children}
    </label>
  );
}
