import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

const tones = {
  green: "bg-court-100 text-court-800 ring-court-600/20",
  clay: "bg-clay-100 text-clay-800 ring-clay-600/20",
  ball: "bg-ball-200 text-court-900 ring-ball-600/30",
  gray: "bg-stone-100 text-stone-700 ring-stone-500/20",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  amber: "bg-amber-100 text-amber-900 ring-amber-600/20",
  blue: "bg-sky-100 text-sky-900 ring-sky-600/20",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = "gray", className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
