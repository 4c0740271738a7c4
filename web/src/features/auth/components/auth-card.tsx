import type { ReactNode } from "react";
import { TennisBall } from "../../../components/ui/logo";

/** The centred card of login, register, admin login and the screens of mailed links. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string | undefined; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="relative flex flex-1 items-center justify-center overflow-hidden px-4 py-12">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-br from-court-700 to-court-950" />
      <div className="w-full max-w-md rounded-3xl border border-stone-200 bg-white p-6 shadow-xl sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <TennisBall className="h-12 w-12" />
          <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-stone-900">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-stone-600">{subtitle}</p>}
        </div>
        {children}
        {footer && <div className="mt-6 border-t border-stone-100 pt-5 text-center text-sm text-stone-600">{footer}</div>}
      </div>
    </div>
  );
}
