import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { displayMoney } from "@courts/core";
import { CalendarDays, Download, KeyRound, Settings as SettingsIcon, UserPen } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { AppDialog } from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { Page, PageHeader } from "../../components/ui/page";
import { PagedList } from "../../components/ui/paged-list";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { EmailVerificationNotice } from "../../features/auth/components/email-verification-notice";
import { PasswordChangeForm } from "../../features/auth/components/password-change-form";
import { ProfileForm } from "../../features/auth/components/profile-form";
import { LevelForm } from "../../features/auth/components/level-form";
import { RequireUser } from "../../features/auth/components/require-user";
import { NotificationSettingsPanel } from "../../features/notifications/components/notification-settings";
import { WalletPanel } from "../components/wallet-panel";
import { PunchCardsPanel } from "../components/punch-cards-panel";
import { PAYMENTS_OF_USER_PAGE_SIZE, usePaymentsOfUser } from "../../features/payments/api/get-payments-of-user";
import { BookingStateLine } from "../../features/payments/components/booking-state-line";
import { useInvoiceDownload } from "../../features/payments/components/use-invoice-download";
import { capitalize, formatDay, money, toCents } from "../../lib/format";
import { hasInvoice, isRefundPending, paymentStatusLabel, totalLabel } from "../../features/payments/payment-texts";
import { useTitle } from "../../lib/use-title";
import type { PaymentWithBooking, User } from "../../types/api";

function Billing({ user }: { user: User }) {
  const usePage = (page: number) => usePaymentsOfUser(user.id, page);
  const { download, pendingId } = useInvoiceDownload("settings");
  return (
    <PagedList<PaymentWithBooking>
      usePage={usePage}
      pageSize={PAYMENTS_OF_USER_PAGE_SIZE}
      itemKey={(p) => p.id}
      noun="pagos"
      listClassName="space-y-3"
      errorText="No se pudo cargar el historial de pagos."
      empty={<EmptyState title="No tienes pagos registrados" />}
      renderItem={(p) => {
        const court = p.booking?.court?.name ?? p.courtName ?? "Cancha";
        const date = p.booking?.date ?? p.date ?? p.bookingDate;
        const slot = p.booking?.timeSlot ?? p.timeSlot;
        // SPEC.md's 'Pagado' for a kept payment, and the true words for money that went back, is
        // owed back (not yet 'Reembolsado', and no longer 'Pagado') or was never taken
        const refundPending = isRefundPending(p);
        const paid = p.status === "succeeded" && !refundPending;
        const refunded = p.status === "refunded" && !refundPending;
        const failed = p.status === "failed";
        return (
            <Card className="flex flex-col gap-4 p-5 md:flex-row md:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900">{court}</p>
                <p className="text-sm text-stone-600">
                  {date ? capitalize(formatDay(date, "EEE d 'de' MMM yyyy")) : "—"}
                  {slot && ` · ${slot}`}
                </p>
                {/* the game's state as My bookings and the dashboard show it */}
                {p.booking && <BookingStateLine booking={p.booking} className="mt-1" />}
              </div>
              <dl className="grid grid-cols-3 gap-4 text-sm md:w-80 md:shrink-0">
                <div>
                  <dt className="text-stone-600">Monto</dt>
                  <dd className="font-semibold">{money(p.amount)}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">Descuento</dt>
                  <dd className="font-semibold">{toCents(p.discount) > 0 ? `-${money(p.discount)}` : money(0)}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">{totalLabel(p)}</dt>
                  <dd className="font-semibold">{p.totalPaid ? money(p.totalPaid) : displayMoney(toCents(p.amount) - toCents(p.discount))}</dd>
                </div>
                {toCents(p.refundedAmount) > 0 && (
                  <div className="col-span-3">
                    <dt className="inline text-stone-600">Reembolsado: </dt>
                    <dd className="inline font-semibold">{money(p.refundedAmount)}</dd>
                  </div>
                )}
              </dl>
              {/* on a wide screen, as wide as the longest status word with the invoice button: the amounts stand in columns */}
              <div className="flex items-center gap-3 lg:w-[17rem] lg:shrink-0 lg:justify-end">
                <Badge tone={paid ? "green" : refunded ? "gray" : failed ? "red" : "amber"}>
                  {paid ? "Pagado" : paymentStatusLabel(p)}
                </Badge>
                {/* an attempt the card declined or never finished has no invoice: no button that can only fail */}
                {hasInvoice(p) && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void download(p)}
                    disabled={pendingId === p.id}
                    aria-label={`Descargar factura del pago de ${court}`}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" /> Factura
                  </Button>
                )}
              </div>
            </Card>
        );
      }}
    />
  );
}

/** 'Sin indicar' for what a player has not given (an account from before names and phones). */
const NOT_GIVEN = "Sin indicar";

function ProfileTab({ user }: { user: User }) {
  const [editing, setEditing] = useState<"profile" | "password" | null>(null);
  const close = () => setEditing(null);
  return (
    <Card className="max-w-xl p-6">
      <EmailVerificationNotice user={user} className="mb-5" />
      {/* read-only values, each whole: in a field a 390 px phone cut the id (and a long email) at the edge */}
      <dl className="space-y-4">
        {[
          { label: "Nombre completo", value: user.fullName ?? NOT_GIVEN, className: "break-words" },
          { label: "Usuario", value: user.username, className: "break-words" },
          { label: "Email", value: user.email, className: "break-all" },
          { label: "Teléfono", value: user.phone ?? NOT_GIVEN, className: "break-words" },
          { label: "ID de usuario", value: user.id, className: "break-all font-mono text-sm" },
        ].map(({ label, value, className }) => (
          <div key={label}>
            <dt className="text-sm font-medium text-stone-800">{label}</dt>
            <dd className={`mt-1.5 rounded-xl border border-stone-200 bg-stone-50 px-3.5 py-2.5 text-stone-900 ${className}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => setEditing("profile")}>
          <UserPen aria-hidden="true" className="h-4 w-4" /> Editar perfil
        </Button>
        <Button variant="outline" onClick={() => setEditing("password")}>
          <KeyRound aria-hidden="true" className="h-4 w-4" /> Cambiar contraseña
        </Button>
      </div>
      <div className="mt-6 border-t border-stone-200 pt-6">
        <LevelForm user={user} />
      </div>
      <AppDialog open={editing === "profile"} onOpenChange={(open) => !open && close()} title="Editar perfil">
        <ProfileForm user={user} onDone={close} className="max-w-none" />
      </AppDialog>
      <AppDialog
        open={editing === "password"}
        onOpenChange={(open) => !open && close()}
        title="Cambiar contraseña"
        description="Al cambiarla se cierran tus sesiones en otros dispositivos."
      >
        <PasswordChangeForm onDone={close} />
      </AppDialog>
    </Card>
  );
}

/** Tabs a link may open directly: /settings?tab=wallet (checkout's 'Recargar monedero'), /settings?tab=bonos. */
const LINKED_TABS = ["wallet", "bonos"] as const;

function SettingsPage({ user }: { user: User }) {
  useTitle("Configuración");
  const [params] = useSearchParams();
  const linked = LINKED_TABS.find((tab) => tab === params.get("tab"));
  return (
    <Page>
      <PageHeader title="Configuración" description="Tu cuenta, tus reservas y tu facturación." icon={<SettingsIcon aria-hidden="true" className="h-6 w-6" />} />
      <Tabs defaultValue={linked ?? "profile"}>
        {/* six sections: two rows on a phone rather than one that scrolls */}
        <TabsList aria-label="Secciones de configuración" className="flex-wrap sm:flex-nowrap">
          <TabsTrigger value="profile">Perfil</TabsTrigger>
          <TabsTrigger value="bookings">Reservas</TabsTrigger>
          <TabsTrigger value="billing">Billing</TabsTrigger>
          <TabsTrigger value="wallet">Monedero</TabsTrigger>
          <TabsTrigger value="bonos">Bonos</TabsTrigger>
          <TabsTrigger value="notifications">Notificaciones</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="bookings">
          <Card className="flex max-w-xl flex-col items-start gap-4 p-6">
            <p className="text-stone-700">Consulta, paga o cancela tus reservas desde su propia sección.</p>
            <Button asChild>
              <Link to="/my-bookings">
                <CalendarDays aria-hidden="true" className="h-4 w-4" /> Ver Mis Reservas
              </Link>
            </Button>
          </Card>
        </TabsContent>
        <TabsContent value="billing">
          <Billing user={user} />
        </TabsContent>
        <TabsContent value="wallet">
          <WalletPanel />
        </TabsContent>
        <TabsContent value="bonos">
          <PunchCardsPanel />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationSettingsPanel />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

export default function SettingsScreen() {
  return <RequireUser>{(user) => <SettingsPage user={user} />}</RequireUser>;
}
