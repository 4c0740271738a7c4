import { Link } from "react-router-dom";
import { TennisBall } from "../../components/ui/logo";
import { useClubName } from "../../features/config/api/get-config";

export function Footer() {
  const clubName = useClubName();
  return (
    // On phones the fixed bottom bar (h-16 + safe area) covers the page's last pixels: the footer
    // reserves that room so its last line stays readable.
    <footer className="mt-auto border-t border-court-900 bg-court-950 pb-[calc(4rem+env(safe-area-inset-bottom))] text-court-100 md:pb-0">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="flex items-center gap-3">
          <TennisBall className="h-9 w-9" />
          <div>
            <p className="font-extrabold text-white">{clubName}</p>
            <p className="text-sm text-court-200">Reserva, paga y juega. Horario: 6:00 - 21:00</p>
          </div>
        </div>
        <nav aria-label="Enlaces del pie de página" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link className="rounded hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400" to="/">
            Inicio
          </Link>
          <Link className="rounded hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400" to="/my-bookings">
            Mis Reservas
          </Link>
          <Link className="rounded hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400" to="/admin">
            Admin
          </Link>
        </nav>
        <p className="text-xs text-court-300">© {new Date().getFullYear()} {clubName}. Todos los derechos reservados.</p>
      </div>
    </footer>
  );
}
