import { Link } from "react-router-dom";
import { greetingName } from "../../features/auth/components/account-fields";
import { LogOut, Receipt, ShieldCheck, UserRound } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { PagedList } from "../../components/ui/paged-list";
import { Page, PageHeader } from "../../components/ui/page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useAdminCheck } from "../../features/auth/api/get-admin-check";
import { EmailVerificationNotice } from "../../features/auth/components/email-verification-notice";
import { ProfileForm } from "../../features/auth/components/profile-form";
import { RequireUser } from "../../features/auth/components/require-user";
import { useLogout } from "../../features/auth/hooks/use-logout";
import { needsPayment } from "../../features/bookings/booking-texts";
import { CompletePaymentLink } from "../../features/bookings/components/complete-payment-link";
import { BookingCard } from "../../features/bookings/components/booking-card";
import { BookingLists } from "../../features/bookings/components/booking-lists";
import { useConfig } from "../../features/config/api/get-config";
import { USER_PAYMENTS_PAGE_SIZE, useUserPayments } from "../../features/payments/api/get-user-payments";
import { PaymentHistoryCard } from "../../features/payments/components/payment-history-card";
import { useInvoiceDownload } from "../../features/payments/components/use-invoice-download";
import { useTitle } from "../../lib/use-title";
import { RefundNotes, useRefundNotes } from "../components/refund-notes";
import type { PaymentWithBooking, User } from "../../types/api";

const GRID = "grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3 [&>li]:min-w-0";
const usePaymentsPage = (page: number) => useUserPayments(page);

/** The same two lists as My bookings ('Próximas', 'Pasadas'), with what to pay and what came back. */
function BookingsTab() {
  // a cancelled booking's card tells its money by its refund lines, here as on My bookings
  const refundsOf = useRefundNotes();
  const { data: config } = useConfig();
  return (
    <BookingLists
      label="Mis reservas por fecha"
      card={(booking) => (
        <BookingCard
          booking={booking}
          timeZone={config?.timeZone}
          actions={
            needsPayment(booking) || refundsOf(booking).length > 0 ? (
              <>
                <RefundNotes notes={refundsOf(booking)} />
                {needsPayment(booking) && <CompletePaymentLink bookingId={booking.id} />}
              </>
            ) : undefined
          }
        />
      )}
    />
  );
}

function PaymentsTab() {
  const { data: config } = useConfig();
  const { download, pendingId } = useInvoiceDownload("history");
  return (
    <PagedList<PaymentWithBooking>
      usePage={usePaymentsPage}
      pageSize={USER_PAYMENTS_PAGE_SIZE}
      itemKey={(payment) => payment.id}
      noun="pagos"
      listClassName={GRID}
      errorText="No se pudo cargar tu historial de pagos."
      empty={<EmptyState icon={<Receipt aria-hidden="true" className="h-6 w-6" />} title="Aún no tienes pagos registrados" />}
      renderItem={(payment) => (
        <PaymentHistoryCard
          payment={payment}
          timeZone={config?.timeZone}
          onDownload={() => void download(payment)}
          downloading={pendingId === payment.id}
        />
      )}
    />
  );
}

const adminLinks = [
  { to: "/admin", label: "Dashboard Admin" },
  { to: "/admin/courts", label: "Gestionar Canchas" },
  { to: "/admin/payments", label: "Ver Pagos" },
  { to: "/admin/discounts", label: "Códigos de Descuento" },
];

function Dashboard({ user }: { user: User }) {
  const { isAdmin } = useAdminCheck();
  const { logout, pending } = useLogout("user", "/login");
  useTitle("Mi Dashboard");
  return (
    <Page>
      <PageHeader
        title={`Hola, ${greetingName(user)}`}
        description="Gestiona tus reservas, pagos y datos personales."
        icon={<UserRound aria-hidden="true" className="h-6 w-6" />}
        actions={
          <Button variant="outline" onClick={() => void logout()} disabled={pending}>
            <LogOut aria-hidden="true" className="h-4 w-4" /> Cerrar Sesión
          </Button>
        }
      />
      <EmailVerificationNotice user={user} compact className="mb-6" />
      <Tabs defaultValue="bookings">
        <TabsList aria-label="Secciones de mi cuenta">
          <TabsTrigger value="bookings">Mis Reservas</TabsTrigger>
          <TabsTrigger value="payments">Historial de Pagos</TabsTrigger>
          <TabsTrigger value="profile">Mi Perfil</TabsTrigger>
          {isAdmin && (
            <TabsTrigger value="admin">
              <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Admin
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="bookings">
          <BookingsTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="profile">
          <Card className="p-6">
            <h2 className="mb-4 text-lg font-bold text-stone-900">Mi Perfil</h2>
            <ProfileForm user={user} />
          </Card>
        </TabsContent>
        {isAdmin && (
          <TabsContent value="admin">
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-bold text-stone-900">Administración</h2>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {adminLinks.map((link) => (
                  <Button key={link.to} asChild variant="secondary" size="lg">
                    <Link to={link.to}>{link.label}</Link>
                  </Button>
                ))}
              </div>
            </Card>
          </TabsContent>
        )}
      </Tabs>
    </Page>
  );
}

export default function UserDashboardScreen() {
  return <RequireUser>{(user) => <Dashboard user={user} />}</RequireUser>;
}
