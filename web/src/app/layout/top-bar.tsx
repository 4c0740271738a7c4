import { lazy, Suspense } from "react";
import { Link, useNavigate } from "react-router-dom";
import { House, LogOut, ShieldCheck, UsersRound } from "lucide-react";
import { Button } from "../../components/ui/button";
import { TennisBall } from "../../components/ui/logo";
import { useAdminCheck } from "../../features/auth/api/get-admin-check";
import { useMe } from "../../features/auth/api/get-me";
import { useLogout } from "../../features/auth/hooks/use-logout";
import { useClubName } from "../../features/config/api/get-config";

// The dropdown (and its positioning engine) loads only for logged-in players.
const AccountMenu = lazy(() => import("../../features/auth/components/account-menu"));

function SessionArea() {
  const { user, isLoading } = useMe();
  const { isAdmin, isChecking } = useAdminCheck();
  const { logout: adminLogout, pending } = useLogout("admin", "/");

  if (isLoading || isChecking) return <div aria-hidden="true" className="h-10 w-40 animate-pulse rounded-full bg-stone-100" />;

  if (isAdmin) {
    return (
      <div className="flex items-center gap-2">
        <Button asChild variant="secondary" size="compact">
          <Link to="/admin">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            Panel Admin
          </Link>
        </Button>
        <Button variant="ghost" size="compact" onClick={() => void adminLogout()} disabled={pending}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Salir
        </Button>
      </div>
    );
  }

  if (user) {
    return (
      <Suspense fallback={<div aria-hidden="true" className="h-10 w-32 animate-pulse rounded-full bg-stone-100" />}>
        <AccountMenu user={user} />
      </Suspense>
    );
  }

  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <Button asChild variant="ghost" size="compact">
        <Link to="/login">Iniciar Sesión</Link>
      </Button>
      <Button asChild variant="primary" size="compact">
        <Link to="/register">Registrarse</Link>
      </Button>
    </div>
  );
}

export function TopBar() {
  const navigate = useNavigate();
  const clubName = useClubName();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-1.5 px-2 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-1 sm:gap-3">
          <Button variant="ghost" size="icon" aria-label="Ir al inicio" onClick={() => navigate("/")}>
            <House aria-hidden="true" className="h-5 w-5" />
          </Button>
          <Link
            to="/"
            className="flex min-w-0 items-center gap-2 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400"
          >
            <TennisBall className="h-7 w-7 shrink-0 sm:h-8 sm:w-8" />
            {/* a long CLUB_NAME takes three lines at most on a phone, two on wider screens, cut with an ellipsis; the link keeps the whole name */}
            <span
              title={clubName}
              className="line-clamp-3 max-w-[5.5rem] break-words text-[13px] font-extrabold leading-tight tracking-tight text-court-900 min-[480px]:max-w-[14rem] sm:line-clamp-2 sm:text-lg md:max-w-md"
            >
              {clubName}
            </span>
          </Link>
        </div>
        <div className="flex items-center gap-2">
          {/* phones reach it from the bottom bar */}
          <span className="hidden md:block">
            <Button asChild variant="ghost" size="compact">
              <Link to="/partidos">
                <UsersRound aria-hidden="true" className="h-4 w-4" /> Partidos
              </Link>
            </Button>
          </span>
          <nav aria-label="Cuenta">
            <SessionArea />
          </nav>
        </div>
      </div>
    </header>
  );
}
