import type { ReactNode } from "react";
import { Card } from "./card";

export function StatCard({
  label,
  value,
  hint,
  icon,
  trend,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  trend?: string;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <div className="rounded-xl bg-court-50 p-2 text-court-700">{icon}</div>
      </div>
      <p className="mt-2 text-3xl font-extrabold tracking-tight text-stone-900">{value}</p>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-stone-600">
        {trend && <span className="rounded-full bg-court-100 px-2 py-0.5 font-semibold text-court-800">{trend}</span>}
        {hint}
      </div>
    </Card>
  );
}
