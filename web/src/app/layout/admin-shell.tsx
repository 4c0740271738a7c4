import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { CalendarClock, ChartColumn, ChartLine, CreditCard, IdCard, LandPlot, Percent, Ticket, type LucideIcon } from "lucide-react";
import { Page, PageHeader } from "../../components/ui/page";
import { RequireAdmin } from "../../features/auth/components/require-admin";
import { cn } from "../../lib/cn";
import { useTitle } from "../../lib/use-title";

const links: Array<{ to: string; label: string; icon: LucideIcon }> = [
  { to: "/admin", label: "Resumen", icon: ChartColumn },
  { to: "/admin/courts", label: "Canchas", icon: LandPlot },
  { to: "/admin/payments", label: "Pagos", icon: CreditCard },
  { to: "/admin/discounts", label: "Descuentos", icon: Percent },
  { to: "/admin/punch-cards", label: "Bonos", icon: Ticket },
  { to: "/admin/memberships", label: "Socios", icon: IdCard },
  { to: "/admin/schedule", label: "Horario", icon: CalendarClock },
  { to: "/admin/reports", label: "Informes", icon: ChartLine },
];

/** Admin screens: the access check, the section title and the admin navigation. */
export function AdminShell({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useTitle(`${title} · Admin`);
  return (
    <RequireAdmin>
      <Page>
        <nav aria-label="Administración" className="mb-6 overflow-x-auto">
          <ul className="grid grid-cols-2 gap-1 rounded-2xl bg-stone-100 p-1 sm:inline-flex">
            {links.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end
                  className={({ isActive }) =>
                    cn(
                      "flex items-center justify-center gap-2 whitespace-nowrap rounded-xl px-4 py-2 text-sm font-semibold transition-colors sm:justify-start",
                      "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400",
                      isActive ? "bg-white text-court-800 shadow-sm" : "text-stone-600 hover:text-stone-900",
                    )
                  }
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <PageHeader title={title} description={description} actions={actions} />
        {children}
      </Page>
    </RequireAdmin>
  );
}
