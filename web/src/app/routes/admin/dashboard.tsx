import { Link } from "react-router-dom";
import { Activity, CalendarDays, CreditCard, DollarSign, LandPlot, Percent, Wrench } from "lucide-react";
import { addDays, isAvailable, occupancyRate } from "@courts/core";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { StatCard } from "../../../components/ui/stat-card";
import { useTodayBookings } from "../../../features/bookings/api/get-today-bookings";
import { useConfig } from "../../../features/config/api/get-config";
import { trendVsYesterday, useDayStats } from "../../../features/payments/api/get-day-stats";
import { useTodayRevenue } from "../../../features/payments/api/get-today-revenue";
import { useCourts } from "../../../features/venues/api/get-courts";
import { money, toCents } from "../../../lib/format";
import { isPending } from "../../../lib/swr";
import { AdminShell } from "../../layout/admin-shell";

/** Today against yesterday, on the club's calendar, by the same count both days (GET /api/payments/day-stats). */
function useTrends() {
  const { data: config } = useConfig();
  const today = useDayStats(config?.today);
  const yesterday = useDayStats(config ? addDays(config.today, -1) : undefined);
  if (!today.data || !yesterday.data) return { bookings: undefined, revenue: undefined };
  return {
    bookings: trendVsYesterday(today.data.bookings, yesterday.data.bookings, "Ayer: sin reservas"),
    revenue: trendVsYesterday(toCents(today.data.revenue), toCents(yesterday.data.revenue), "Ayer: sin ingresos"),
  };
}

function Stats() {
  const bookings = useTodayBookings();
  const revenue = useTodayRevenue();
  const courts = useCourts();
  const trends = useTrends();
  const todays = (bookings.data ?? []).filter((b) => b.status !== "cancelled");
  const courtList = courts.data ?? [];
  const notAvailable = courtList.filter((c) => !isAvailable(c)).length;
  const loading = (read: Parameters<typeof isPending>[0]) => (isPending(read) ? "…" : undefined);
  return (
    <>
      {(bookings.error || revenue.error || courts.error) && (
        <div className="mb-4">
          <ErrorNotice>Algunas estadísticas no se pudieron cargar.</ErrorNotice>
        </div>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Reservas de hoy"
          value={loading(bookings) ?? todays.length}
          trend={trends.bookings}
          icon={<CalendarDays aria-hidden="true" className="h-5 w-5" />}
        />
        <StatCard
          label="Ingresos de hoy"
          value={loading(revenue) ?? money(revenue.data?.revenue ?? "0")}
          trend={trends.revenue}
          icon={<DollarSign aria-hidden="true" className="h-5 w-5" />}
        />
        <StatCard
          label="Canchas"
          value={loading(courts) ?? courtList.length}
          hint={`${notAvailable} en mantenimiento`}
          icon={<Wrench aria-hidden="true" className="h-5 w-5" />}
        />
        <StatCard
          label="Tasa de ocupación"
          value={loading(bookings) ?? loading(courts) ?? `${occupancyRate(todays.length, courtList.length)}%`}
          hint="Reservas de hoy / (canchas × 15)"
          icon={<Activity aria-hidden="true" className="h-5 w-5" />}
        />
      </div>
    </>
  );
}

const quickLinks = [
  { to: "/admin/courts", title: "Gestionar Canchas", text: "Complejos, canchas, precios e imágenes.", icon: LandPlot },
  { to: "/admin/payments", title: "Pagos y Transacciones", text: "Ingresos, comisiones y facturas.", icon: CreditCard },
  { to: "/admin/discounts", title: "Códigos de Descuento", text: "Crea, edita y activa códigos.", icon: Percent },
];

export default function AdminDashboardScreen() {
  return (
    <AdminShell title="Panel Administrativo" description="Estadísticas del día y accesos rápidos.">
      <Stats />
      <h2 className="mb-4 mt-10 text-lg font-bold text-stone-900">Accesos rápidos</h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {quickLinks.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Card className="flex h-full flex-col gap-3 p-5">
              <Icon aria-hidden="true" className="h-6 w-6 text-court-700" />
              <div className="flex-1">
                <h3 className="font-bold text-stone-900">{title}</h3>
                <p className="text-sm text-stone-600">{text}</p>
              </div>
              <Link to={to} className={buttonClass("secondary", "sm", "self-start")}>
                Ir a {title}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </AdminShell>
  );
}
