import type { ReactNode } from "react";
import { CircleCheck } from "lucide-react";

/** Shared so the organiser's confirmation and a guest's receipt open the same way. */
export function PaymentDoneHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mb-6 flex items-center gap-3">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-court-100 text-court-700">
        <CircleCheck aria-hidden="true" className="h-7 w-7" />
      </span>
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
        <p className="text-stone-600">{children}</p>
      </div>
    </div>
  );
}
