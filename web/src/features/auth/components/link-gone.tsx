import type { ReactNode } from "react";
import { LinkIcon } from "lucide-react";

/** A mailed link that no longer works (410): the server's reason, and what to do instead. */
export function LinkGone({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 text-center">
      <span className="rounded-full bg-amber-100 p-3 text-amber-800">
        <LinkIcon aria-hidden="true" className="h-6 w-6" />
      </span>
      <p className="font-semibold text-stone-900">Enlace no válido</p>
      <p className="text-sm text-stone-700">{message}</p>
      <div className="mt-2 flex flex-col items-center gap-2">{children}</div>
    </div>
  );
}
