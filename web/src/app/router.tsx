import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { AppLayout } from "./layout/app-layout";

// One chunk per screen: "/" downloads only the shell and the home screen.
const Home = lazy(() => import("./routes/home"));
const VenueDetail = lazy(() => import("./routes/venue"));
const VenueCalendar = lazy(() => import("./routes/venue-calendar"));
const Booking = lazy(() => import("./routes/booking"));
const MyBookings = lazy(() => import("./routes/my-bookings"));
const Register = lazy(() => import("./routes/register"));
const Login = lazy(() => import("./routes/login"));
const UserDashboard = lazy(() => import("./routes/user-dashboard"));
const Settings = lazy(() => import("./routes/settings"));
const Checkout = lazy(() => import("./routes/checkout"));
const SharedPayment = lazy(() => import("./routes/shared-payment"));
const PaymentSuccess = lazy(() => import("./routes/payment-success"));
const AdminLogin = lazy(() => import("./routes/admin/login"));
const AdminDashboard = lazy(() => import("./routes/admin/dashboard"));
const AdminCourts = lazy(() => import("./routes/admin/courts"));
const AdminPayments = lazy(() => import("./routes/admin/payments"));
const AdminDiscounts = lazy(() => import("./routes/admin/discounts"));
const AdminSchedule = lazy(() => import("./routes/admin/schedule"));
const NotFound = lazy(() => import("./routes/not-found"));

export function AppRouter() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Home />} />
        <Route path="venue/:venueId" element={<VenueDetail />} />
        <Route path="venue/:venueId/calendar" element={<VenueCalendar />} />
        <Route path="booking/:courtId" element={<Booking />} />
        <Route path="my-bookings" element={<MyBookings />} />
        <Route path="register" element={<Register />} />
        <Route path="login" element={<Login />} />
        <Route path="user-dashboard" element={<UserDashboard />} />
        <Route path="settings" element={<Settings />} />
        <Route path="checkout/:bookingId" element={<Checkout />} />
        <Route path="shared-payment/:shareToken" element={<SharedPayment />} />
        <Route path="payment-success" element={<PaymentSuccess />} />
        <Route path="admin/login" element={<AdminLogin />} />
        <Route path="admin" element={<AdminDashboard />} />
        <Route path="admin/courts" element={<AdminCourts />} />
        <Route path="admin/payments" element={<AdminPayments />} />
        <Route path="admin/discounts" element={<AdminDiscounts />} />
        <Route path="admin/schedule" element={<AdminSchedule />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
