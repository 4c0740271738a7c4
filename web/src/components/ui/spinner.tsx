import { cn } from "../../lib/cn";

export function Spinner({ label = "Cargando...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex flex-col items-center justify-center gap-3 py-12 text-stone-600", className)}>
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-court-100 border-t-court-600"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}
