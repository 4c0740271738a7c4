import type { ButtonHTMLAttributes } from "react";
import { Slot } from "radix-ui";
import { cn } from "../../lib/cn";

const variants = {
  primary: "bg-court-700 text-white shadow-sm hover:bg-court-800 active:bg-court-900",
  clay: "bg-clay-600 text-white shadow-sm hover:bg-clay-700 active:bg-clay-800",
  secondary: "bg-court-50 text-court-800 hover:bg-court-100",
  outline: "border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 hover:border-stone-400",
  ghost: "text-stone-700 hover:bg-stone-100",
  destructive: "bg-red-600 text-white shadow-sm hover:bg-red-700",
  light: "bg-white text-court-900 shadow-sm hover:bg-court-50",
} as const;

const sizes = {
  sm: "h-9 px-3 text-sm gap-1.5",
  /** top bar on phones: fits two actions beside the logo at 360 px */
  compact: "h-9 px-2 text-xs gap-1 max-[380px]:px-1.5 sm:px-3 sm:text-sm",
  md: "h-11 px-4 text-sm gap-2",
  lg: "h-12 px-6 text-base gap-2",
  icon: "h-9 w-9 sm:h-10 sm:w-10",
} as const;

export type ButtonVariant = keyof typeof variants;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  /** Render the child (a Link) with button looks. */
  asChild?: boolean;
}

export const buttonClass = (variant: ButtonVariant = "primary", size: keyof typeof sizes = "md", extra?: string) =>
  cn(
    "inline-flex shrink-0 cursor-pointer select-none items-center justify-center rounded-xl font-semibold transition-colors",
    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400 focus-visible:ring-offset-2",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    variants[variant],
    sizes[size],
    extra,
  );

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot.Root className={buttonClass(variant, size, className)} {...props} />;
  return <button type={type ?? "button"} className={buttonClass(variant, size, className)} {...props} />;
}
