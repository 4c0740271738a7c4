import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export function Page({ children, className, narrow }: { children: ReactNode; className?: string; narrow?: boolean }) {
  return (
    <div className={cn("mx-auto w-full px-4 py-8 sm:px-6 lg:px-8", narrow ? "max-w-3xl" : "max-w-7xl", className)}>
      {children}
    </div>
  );
}

export function PageHeader({
  title,
  description,
  actions,
  icon,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex items-start gap-3">
        {icon && <div className="mt-1 rounded-xl bg-court-100 p-2.5 text-court-700">{icon}</div>}
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
          {description && <p className="mt-1 text-stone-600">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A label/value row in summaries. */
export function Row({ label, value, strong }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4 py-1.5", strong && "text-base font-bold text-stone-900")}>
      <dt className={cn(strong ? "" : "text-stone-600")}>{label}</dt>
      <dd className={cn("text-right", strong ? "" : "font-medium text-stone-900")}>{value}</dd>
    </div>
  );
}
