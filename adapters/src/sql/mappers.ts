import type {
  Booking,
  BookingStatus,
  BookingWithCourt,
  Court,
  DiscountCode,
  DiscountType,
  GameType,
  Payment,
  PaymentFlag,
  PaymentKind,
  PaymentStatus,
  RemainderStatus,
  ShareLink,
  TariffBand,
  User,
  Venue,
  VenueRules,
} from "@courts/core";
import { userSearchText } from "@courts/core";
import { placeholders, type Param, type Row } from "./sql-client.js";
import { bool, instant, instantOrNull, int, intOrNull, iso, isoOrNull, str, strOrNull } from "./rows.js";

/**
 * Raw rows (snake_case columns) to domain objects, and the column lists that produce them.
 * The CHECK constraints of the migrations guarantee the enumerations read back here.
 */

/**
 * A table's stored columns, each with the value a domain object writes there, in one place: the
 * INSERT (insertOf) and the select list (selectOf) both come from it, and the `to...` mapper
 * beside it reads the same columns back (a column it lacks fails there, by name).
 */
type Stored<T> = Readonly<Record<string, (value: T) => Param>>;

/** `a.id, a.name, ...`: the stored columns of `stored` under the alias, but `except`. */
const selectOf = (alias: string, stored: Stored<never>, except: readonly string[] = []): string =>
  Object.keys(stored)
    .filter((column) => !except.includes(column))
    .map((column) => `${alias}.${column}`)
    .join(", ");

/** The INSERT of one row of `table` and its parameters, for the client's `run`. */
const insertOf = <T>(table: string, stored: Stored<T>): ((value: T) => [string, Param[]]) => {
  const columns = Object.keys(stored);
  const text = `insert into ${table} (${columns.join(", ")}) values (${placeholders(columns.length)})`;
  const values = Object.values(stored);
  return (value) => [text, values.map((write) => write(value))];
};

export const oneOf = <T extends string>(row: Row, column: string, allowed: readonly T[]): T => {
  const value = str(row, column);
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new TypeError(`column ${column}: unexpected value ${value}`);
};

/** The case-insensitive key of a username or email (see the users table). */
export const caseKey = (text: string): string => text.toLowerCase();

const USER_STORED: Stored<User> = {
  id: (u) => u.id,
  username: (u) => u.username,
  email: (u) => u.email,
  username_key: (u) => caseKey(u.username),
  email_key: (u) => caseKey(u.email),
  password_hash: (u) => u.passwordHash,
  is_admin: (u) => u.isAdmin,
  created_at: (u) => iso(u.createdAt),
  full_name: (u) => u.fullName,
  phone: (u) => u.phone,
  email_verified: (u) => u.emailVerified,
  // tenths, an integer: 3.5 is 35 on both engines
  level_tenths: (u) => (u.level === null || u.level === undefined ? null : Math.round(u.level * 10)),
  match_digest: (u) => u.matchDigest ?? false,
  search_key: (u) => userSearchText(u),
};

/** the keys are for lookups and uniqueness only: a user reads without them */
export const USER_COLUMNS = selectOf("u", USER_STORED, ["username_key", "email_key", "search_key"]);
export const insertUser = insertOf("users", USER_STORED);

export const toUser = (r: Row): User => ({
  id: str(r, "id"),
  username: str(r, "username"),
  email: str(r, "email"),
  passwordHash: str(r, "password_hash"),
  isAdmin: bool(r, "is_admin"),
  createdAt: instant(r, "created_at"),
  fullName: strOrNull(r, "full_name"),
  phone: strOrNull(r, "phone"),
  emailVerified: bool(r, "email_verified"),
  level: r.level_tenths == null ? null : int(r, "level_tenths") / 10,
  matchDigest: bool(r, "match_digest"),
});

const VENUE_STORED: Stored<Venue> = {
  id: (v) => v.id,
  name: (v) => v.name,
  location: (v) => v.location,
  description: (v) => v.description,
  image_url: (v) => v.imageUrl,
  image_data: (v) => v.imageData,
  created_at: (v) => iso(v.createdAt),
};

export const VENUE_COLUMNS = selectOf("v", VENUE_STORED);
export const insertVenue = insertOf("venues", VENUE_STORED);

export const toVenue = (r: Row): Venue => ({
  id: str(r, "id"),
  name: str(r, "name"),
  location: str(r, "location"),
  description: strOrNull(r, "description"),
  imageUrl: strOrNull(r, "image_url"),
  imageData: strOrNull(r, "image_data"),
  createdAt: instant(r, "created_at"),
});

/** A venue's booking rules (migration ...20261207000900), read from `v`. */
export const VENUE_RULES_COLUMNS = "v.window_days, v.release_time, v.max_upcoming_per_player, v.max_per_player_per_day, v.ballot_seconds";
export const toVenueRules = (r: Row): VenueRules => ({
  windowDays: int(r, "window_days"),
  releaseTime: strOrNull(r, "release_time"),
  maxUpcomingPerPlayer: r["max_upcoming_per_player"] == null ? null : int(r, "max_upcoming_per_player"),
  maxPerPlayerPerDay: r["max_per_player_per_day"] == null ? null : int(r, "max_per_player_per_day"),
  ballotSeconds: int(r, "ballot_seconds"),
});

const COURT_STORED: Stored<Court> = {
  id: (c) => c.id,
  venue_id: (c) => c.venueId,
  name: (c) => c.name,
  court_number: (c) => c.courtNumber,
  status: (c) => c.status,
  day_singles_price: (c) => c.prices.daySingles,
  day_doubles_price: (c) => c.prices.dayDoubles,
  night_singles_price: (c) => c.prices.nightSingles,
  night_doubles_price: (c) => c.prices.nightDoubles,
  created_at: (c) => iso(c.createdAt),
  image_url: (c) => c.imageUrl,
  image_data: (c) => c.imageData,
};

export const insertCourt = insertOf("courts", COURT_STORED);

/** A court's columns but its picture (the court a booking is made on reads no picture). */
export const COURT_FIELDS_COLUMNS = selectOf("c", COURT_STORED, ["image_url", "image_data"]);

export const toCourtFields = (r: Row): Omit<Court, "imageUrl" | "imageData"> => ({
  id: str(r, "id"),
  venueId: str(r, "venue_id"),
  name: str(r, "name"),
  courtNumber: int(r, "court_number"),
  status: str(r, "status"),
  prices: {
    daySingles: int(r, "day_singles_price"),
    dayDoubles: int(r, "day_doubles_price"),
    nightSingles: int(r, "night_singles_price"),
    nightDoubles: int(r, "night_doubles_price"),
  },
  createdAt: instant(r, "created_at"),
});

export const COURT_COLUMNS = selectOf("c", COURT_STORED);

export const toCourt = (r: Row): Court => ({
  ...toCourtFields(r),
  imageUrl: strOrNull(r, "image_url"),
  imageData: strOrNull(r, "image_data"),
});

export const GAME_TYPES: readonly GameType[] = ["singles", "doubles"];
const BANDS: readonly TariffBand[] = ["day", "night"];
const BOOKING_STATUSES: readonly BookingStatus[] = ["active", "confirmed", "cancelled", "expired"];
const REMAINDER_STATUSES: readonly RemainderStatus[] = ["charging", "charged", "failed"];

export const BOOKING_COLUMNS =
  "b.id, b.user_id, b.court_id, b.booking_date, b.time_slot, b.game_type, b.tariff_type, b.total_amount, " +
  "b.paid_amount, b.status, b.cancellation_reason, b.refund_percentage, b.created_at, b.cancelled_at, " +
  "b.hold_expires_at, b.share_deadline_at, b.remainder_status";

/** A booking joined with its court (c) and venue (v), as lists show it. */
export const BOOKING_WITH_COURT_SELECT =
  `select ${BOOKING_COLUMNS}, c.name as court_name, c.court_number, c.venue_id, v.name as venue_name ` +
  "from bookings b join courts c on c.id = b.court_id join venues v on v.id = c.venue_id";

export const toBooking = (r: Row): Booking => ({
  id: str(r, "id"),
  userId: str(r, "user_id"),
  courtId: str(r, "court_id"),
  date: str(r, "booking_date"),
  timeSlot: str(r, "time_slot"),
  gameType: oneOf(r, "game_type", GAME_TYPES),
  tariffType: oneOf(r, "tariff_type", BANDS),
  totalAmount: int(r, "total_amount"),
  paidAmount: int(r, "paid_amount"),
  status: oneOf(r, "status", BOOKING_STATUSES),
  cancellationReason: strOrNull(r, "cancellation_reason"),
  refundPercentage: intOrNull(r, "refund_percentage"),
  createdAt: instant(r, "created_at"),
  cancelledAt: instantOrNull(r, "cancelled_at"),
  holdExpiresAt: instantOrNull(r, "hold_expires_at"),
  shareDeadlineAt: instantOrNull(r, "share_deadline_at"),
  remainderStatus: r.remainder_status == null ? null : oneOf(r, "remainder_status", REMAINDER_STATUSES),
});

export const toBookingWithCourt = (r: Row): BookingWithCourt => ({
  ...toBooking(r),
  court: {
    id: str(r, "court_id"),
    name: str(r, "court_name"),
    courtNumber: int(r, "court_number"),
    venueId: str(r, "venue_id"),
    venueName: str(r, "venue_name"),
  },
});

export const PAYMENT_KINDS: readonly PaymentKind[] = ["partial", "full", "shared", "cash", "remainder", "wallet", "punch_card"];
const PAYMENT_STATUSES: readonly PaymentStatus[] = ["pending", "succeeded", "failed", "refunded"];
const PAYMENT_FLAGS: readonly PaymentFlag[] = ["mismatch", "refunded_on_arrival"];

/** What a payment's row stores, in the order an insert writes it. */
export const PAYMENT_STORED_COLUMNS =
  "p.id, p.booking_id, p.user_id, p.kind, p.status, p.amount, p.discount, p.discount_code, p.discount_code_id, " +
  "p.stripe_fee, p.net_amount, p.refunded_amount, p.refund_owed, p.refund_sent_at, p.flag, p.stripe_payment_intent_id, p.share_token, p.invoice_number, " +
  "p.created_at, p.paid_at, p.venue_name, p.court_name, p.court_number, p.booking_date, p.time_slot, p.game_type";

/** A payment as read: its row (refund_owed is the sum of its owed rows in the refund ledger, kept with them). */
export const PAYMENT_COLUMNS = PAYMENT_STORED_COLUMNS;

export const toPayment = (r: Row): Payment => ({
  id: str(r, "id"),
  bookingId: str(r, "booking_id"),
  userId: str(r, "user_id"),
  kind: oneOf(r, "kind", PAYMENT_KINDS),
  status: oneOf(r, "status", PAYMENT_STATUSES),
  amount: int(r, "amount"),
  discount: int(r, "discount"),
  discountCode: strOrNull(r, "discount_code"),
  discountCodeId: strOrNull(r, "discount_code_id"),
  stripeFee: int(r, "stripe_fee"),
  netAmount: int(r, "net_amount"),
  refundedAmount: int(r, "refunded_amount"),
  refundOwed: int(r, "refund_owed"),
  refundSentAt: instantOrNull(r, "refund_sent_at"),
  flag: r.flag === null || r.flag === undefined ? null : oneOf(r, "flag", PAYMENT_FLAGS),
  stripePaymentIntentId: str(r, "stripe_payment_intent_id"),
  shareToken: strOrNull(r, "share_token"),
  invoiceNumber: strOrNull(r, "invoice_number"),
  createdAt: instant(r, "created_at"),
  paidAt: instantOrNull(r, "paid_at"),
  venueName: str(r, "venue_name"),
  courtName: str(r, "court_name"),
  courtNumber: int(r, "court_number"),
  bookingDate: str(r, "booking_date"),
  timeSlot: str(r, "time_slot"),
  gameType: oneOf(r, "game_type", GAME_TYPES),
});

const DISCOUNT_TYPES: readonly DiscountType[] = ["percentage", "fixed"];

const DISCOUNT_CODE_STORED: Stored<DiscountCode> = {
  id: (d) => d.id,
  code: (d) => d.code,
  type: (d) => d.type,
  value: (d) => d.value,
  max_usage: (d) => d.maxUsage,
  usage_count: (d) => d.usageCount,
  expires_at: (d) => isoOrNull(d.expiresAt),
  is_active: (d) => d.isActive,
  created_at: (d) => iso(d.createdAt),
};

export const DISCOUNT_CODE_COLUMNS = selectOf("d", DISCOUNT_CODE_STORED);
export const insertDiscountCode = insertOf("discount_codes", DISCOUNT_CODE_STORED);

export const toDiscountCode = (r: Row): DiscountCode => ({
  id: str(r, "id"),
  code: str(r, "code"),
  type: oneOf(r, "type", DISCOUNT_TYPES),
  value: int(r, "value"),
  maxUsage: intOrNull(r, "max_usage"),
  usageCount: int(r, "usage_count"),
  expiresAt: instantOrNull(r, "expires_at"),
  isActive: bool(r, "is_active"),
  createdAt: instant(r, "created_at"),
});

const SHARE_LINK_STORED: Stored<ShareLink> = {
  id: (s) => s.id,
  token: (s) => s.token,
  booking_id: (s) => s.bookingId,
  amount_per_person: (s) => s.amountPerPerson,
  max_participants: (s) => s.maxParticipants,
  current_participants: (s) => s.currentParticipants,
  expires_at: (s) => iso(s.expiresAt),
  created_at: (s) => iso(s.createdAt),
};

export const SHARE_LINK_COLUMNS = selectOf("s", SHARE_LINK_STORED);
export const insertShareLink = insertOf("share_links", SHARE_LINK_STORED);

export const toShareLink = (r: Row): ShareLink => ({
  id: str(r, "id"),
  token: str(r, "token"),
  bookingId: str(r, "booking_id"),
  amountPerPerson: int(r, "amount_per_person"),
  maxParticipants: int(r, "max_participants"),
  currentParticipants: int(r, "current_participants"),
  expiresAt: instant(r, "expires_at"),
  createdAt: instant(r, "created_at"),
});
