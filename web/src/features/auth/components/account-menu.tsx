import { DropdownMenu } from "radix-ui";
import { CalendarDays, ChevronDown, LayoutDashboard, LogOut } from "lucide-react";
import { useNavigate } from "react-router-dom";
import type { User } from "../../../types/api";
import { useLogout } from "../hooks/use-logout";

const itemClass =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-3 py-2.5 text-sm font-medium text-stone-800 outline-none data-[highlighted]:bg-court-50 data-[highlighted]:text-court-900";

/** The logged-in player's menu in the top bar: 'Mi Dashboard', 'Mis Reservas', 'Salir'. */
export default function AccountMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const { logout } = useLogout("user", "/");
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Menú de la cuenta de ${user.username}`}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-stone-200 bg-white pl-1 pr-3 text-sm font-semibold text-stone-800 shadow-xs hover:border-stone-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-court-700 text-xs font-bold uppercase text-white"
        >
          {user.username.slice(0, 2)}
        </span>
        <span className="max-w-32 truncate">{user.username}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 text-stone-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="menu-content z-50 min-w-52 rounded-2xl border border-stone-200 bg-white p-1.5 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-stone-500">
            Conectado como <span className="font-semibold text-stone-800">{user.username}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-100" />
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/user-dashboard")}>
            <LayoutDashboard aria-hidden="true" className="h-4 w-4 text-court-700" />
            Mi Dashboard
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/my-bookings")}>
            <CalendarDays aria-hidden="true" className="h-4 w-4 text-court-700" />
            Mis Reservas
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-100" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
            <LogOut aria-hidden="true" className="h-4 w-4 text-clay-700" />
            Salir
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
