import { Link, NavLink } from "react-router-dom";
import { CalendarDays, House, Settings, UserRound, UsersRound, type LucideIcon } from "lucide-react";
import { useMe } from "../../features/auth/api/get-me";
import { cn } from "../../lib/cn";

interface Item {
  to: string;
  label: string;
  icon: LucideIcon;
}

const ITEM =
  "flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ball-400";

/** Mobile navigation (SPEC.md section 2): account screens fall back to /login for guests. */
export function BottomBar() {
  const { user } = useMe();
  const items: Item[] = [
    { to: "/", label: "Inicio", icon: House },
    { to: "/partidos", label: "Partidos", icon: UsersRound },
    { to: "/my-bookings", label: "Reservas", icon: CalendarDays },
    { to: user ? "/user-dashboard" : "/login", label: "Mi Cuenta", icon: UserRound },
    { to: user ? "/settings" : "/login", label: "Settings", icon: Settings },
  ];
  return (
    <nav
      aria-label="Navegación principal"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5">
        {items.map(({ to, label, icon: Icon }) => {
          const look = (active: boolean) => cn(ITEM, active ? "text-court-700" : "text-stone-600 hover:text-stone-900");
          const content = (
            <>
              <Icon aria-hidden="true" className="h-5 w-5" />
              {label}
            </>
          );
          return (
            <li key={label}>
              {to === "/login" ? (
                // a guest's account tabs both lead to /login, which is neither of them: never shown as the current one
                <Link to={to} className={look(false)}>
                  {content}
                </Link>
              ) : (
                <NavLink to={to} end={to === "/"} className={({ isActive }) => look(isActive)}>
                  {content}
                </NavLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
