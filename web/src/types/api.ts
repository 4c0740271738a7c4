/** JSON shapes the server answers (docs/API.md). Money is a decimal string ("14.50"). */

export type Money = string;
export type GameTypeValue = "singles" | "doubles";

export interface User {
  id: string;
  username: string;
  email: string;
}

export interface AppConfig {
  timeZone: string;
  currency: string;
  /** YYYY-MM-DD in the club's time zone */
  today: string;
  payments: { provider: "stripe" | "simulated"; publishableKey: string | null };
}

export interface Venue {
  id: string;
  name: string;
  location: string;
  description: string | null;
  imageUrl: string | null;
  imageData: string | null;
  courtCount?: number;
}

export interface Court {
  id: string;
  venueId: string;
  name: string;
  courtNumber: number;
  status: string;
  imageUrl: string | null;
  imageData: string | null;
  daySinglesPrice: Money;
  dayDoublesPrice: Money;
  nightSinglesPrice: Money;
  nightDoublesPrice: Money;
}

export interface BookingCourt {
  id: string;
  name: string;
  courtNumber: number;
  venueId?: string;
  venueName?: string;
}

export interface Booking {
  id: string;
  userId?: string;
  courtId: string;
  /** local date-time without zone: "2026-11-22T00:00:00" */
  bookingDate: string;
  /** local date in the club's zone: "2026-11-22" */
  date: string;
  timeSlot: string;
  gameType: GameTypeValue;
  tariffType: "day" | "night";
  totalAmount: Money;
  paidAmount: Money;
  paymentStatus: string;
  status: string;
  cancellationReason?: string | null;
  refundPercentage?: number | null;
  createdAt?: string;
  court?: BookingCourt | null;
}

export interface CalendarEntry {
  id: string;
  bookingDate: string;
  date: string;
  timeSlot: string;
  gameType: GameTypeValue;
  court: { id: string; courtNumber: number; name: string | null } | null;
}

export interface CourtDayBookings {
  date: string;
  /** taken and blocked slots: every slot that cannot be booked */
  bookedSlots: string[];
  /** the blocked ones and why (DESIGN.md section 10) */
  blockedSlots?: { timeSlot: string; reason: string }[];
}

export type PaymentStatusValue = "pending" | "succeeded" | "failed" | "refunded";

export interface Payment {
  id: string;
  status: string;
  kind?: "partial" | "full" | "shared" | "remainder" | "cash";
  amount: Money;
  discount: Money;
  discountCode: string | null;
  stripeFee: Money;
  netAmount: Money;
  totalPaid?: Money;
  refundedAmount?: Money;
  /** decided but not yet confirmed by the card provider */
  refundOwed?: Money;
  /** when the provider confirmed the refund */
  refundSentAt?: string | null;
  /** for the admin: the provider took a mismatched amount, or money that could no longer apply */
  flag?: "mismatch" | "refunded_on_arrival" | null;
  createdAt: string;
  paidAt?: string | null;
  bookingId: string;
  userId: string;
  stripePaymentIntentId: string;
  shareToken: string | null;
  invoiceNumber?: string | null;
  venueName?: string | null;
  courtName?: string | null;
  courtNumber?: number | null;
  bookingDate?: string | null;
  date?: string | null;
  timeSlot?: string | null;
  gameType?: GameTypeValue | null;
}

export type PaymentWithBooking = Payment & { booking?: Booking | null };
/** net = amount - discount - stripeFee - refundedAmount; settled: counted in the revenue summary */
export type Transaction = Payment & { userName: string | null; userEmail: string | null; net: Money; settled: boolean };

export interface TransactionsPage {
  items: Transaction[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PaymentStats {
  totalRevenue: Money;
  completedCount: number;
  pendingAmount: Money;
  pendingCount: number;
  /** gross - discounts - stripeFees - refunds = net; total = gross - discounts - refunds */
  summary: { gross: Money; total: Money; discounts: Money; stripeFees: Money; refunds: Money; net: Money };
}

export interface DiscountCode {
  id: string;
  code: string;
  type: "percentage" | "fixed";
  /** whole percent, or dollars (5.5) */
  value: number;
  maxUsage: number | null;
  usageCount: number;
  expiresAt: string | null;
  isActive: boolean;
  createdAt?: string;
}

export interface ValidatedDiscount {
  code: string;
  type: "percentage" | "fixed";
  value: number;
}

export interface PaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
  amount?: Money;
  discount?: Money;
  totalPaid?: Money;
  stripeFee?: Money;
  discountCode?: string | null;
}

export interface ShareLink {
  shareToken: string;
  amountPerPerson: Money;
  maxParticipants: number;
  currentParticipants: number;
  placesLeft?: number;
  expiresAt: string;
}

export interface SharedPaymentDetails {
  link: ShareLink;
  booking: Omit<Booking, "userId">;
  court: Court & { venueName?: string };
}

export interface CreatedShareLink {
  shareUrl: string;
  shareToken: string;
  expiresAt: string;
  amountPerPerson: Money;
  maxParticipants: number;
}
