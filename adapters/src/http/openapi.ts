import type { FastifyInstance } from "fastify";

/**
 * JSON Schemas of docs/API.md's shapes. They document the API (/api/docs) and serialize the
 * answers; they do not validate requests: every body, query and path parameter is decoded by
 * the core's effect Schemas, which give the Spanish per-field messages.
 */

type JsonSchema = Record<string, unknown>;

const str = { type: "string" } as const;
const nstr = { type: ["string", "null"] } as const;
const int = { type: "integer" } as const;
const nint = { type: ["integer", "null"] } as const;
const money = { type: "string", pattern: "^-?\\d+\\.\\d{2}$", examples: ["14.50"] } as const;
const dateTime = { type: "string", format: "date-time" } as const;
const nDateTime = { type: ["string", "null"], format: "date-time" } as const;
const localDate = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", examples: ["2026-11-22"] } as const;
const localMidnight = { type: "string", examples: ["2026-11-22T00:00:00"] } as const;

const object = (properties: Record<string, unknown>, optional: readonly string[] = []): JsonSchema => ({
  type: "object",
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
});

const bookingCourt = object({ id: str, name: str, courtNumber: int, venueId: str, venueName: str });

const bookingProps = {
  id: str,
  userId: str,
  courtId: str,
  bookingDate: localMidnight,
  date: localDate,
  timeSlot: { type: "string", examples: ["18:00"] },
  gameType: { type: "string", enum: ["singles", "doubles"] },
  tariffType: { type: "string", enum: ["day", "night"] },
  totalAmount: money,
  paidAmount: money,
  paymentStatus: { type: "string", enum: ["pending", "partial", "completed"] },
  status: str,
  cancellationReason: nstr,
  refundPercentage: nint,
  createdAt: dateTime,
  // DESIGN.md section 8: the running hold, the split deadline and what the organiser still owes
  holdExpiresAt: nDateTime,
  shareDeadlineAt: nDateTime,
  balanceDue: money,
  court: { $ref: "BookingCourt#" },
};

const { userId: _u, cancellationReason: _c, ...publicBookingProps } = bookingProps;

const paymentProps = {
  id: str,
  status: { type: "string", enum: ["pending", "succeeded", "failed", "refunded"] },
  kind: { type: "string", enum: ["partial", "full", "shared", "cash", "remainder"] },
  amount: money,
  discount: money,
  discountCode: nstr,
  stripeFee: money,
  netAmount: money,
  totalPaid: money,
  refundedAmount: money,
  refundOwed: money,
  refundSentAt: nDateTime,
  flag: { type: ["string", "null"], enum: ["mismatch", "refunded_on_arrival", null] },
  createdAt: dateTime,
  paidAt: nDateTime,
  bookingId: str,
  userId: str,
  stripePaymentIntentId: str,
  shareToken: nstr,
  invoiceNumber: nstr,
  venueName: str,
  courtName: str,
  courtNumber: int,
  bookingDate: localMidnight,
  date: localDate,
  timeSlot: str,
  gameType: str,
};

const courtProps = {
  id: str,
  venueId: str,
  name: str,
  courtNumber: int,
  status: str,
  imageUrl: nstr,
  imageData: nstr,
  daySinglesPrice: money,
  dayDoublesPrice: money,
  nightSinglesPrice: money,
  nightDoublesPrice: money,
};

export const SHARED_SCHEMAS: readonly JsonSchema[] = [
  { $id: "Problem", ...object({ message: str, code: str, field: str, reason: str }, ["field", "reason"]) },
  { $id: "Message", ...object({ message: str }) },
  { $id: "User", ...object({ id: str, username: str, email: str }) },
  {
    $id: "Venue",
    ...object({ id: str, name: str, location: str, description: nstr, imageUrl: nstr, imageData: nstr, courtCount: int }),
  },
  { $id: "Court", ...object(courtProps) },
  { $id: "CourtWithVenue", ...object({ ...courtProps, venueName: str }) },
  { $id: "BookingCourt", ...bookingCourt },
  { $id: "Booking", ...object(bookingProps) },
  { $id: "PublicBooking", ...object(publicBookingProps) },
  {
    $id: "CalendarEntry",
    ...object({
      id: str,
      bookingDate: localMidnight,
      date: localDate,
      timeSlot: str,
      gameType: str,
      court: object({ id: str, courtNumber: int, name: str }),
    }),
  },
  { $id: "Payment", ...object(paymentProps) },
  {
    $id: "PaymentWithBooking",
    ...object({ ...paymentProps, booking: { anyOf: [{ $ref: "Booking#" }, { type: "null" }] } }),
  },
  {
    $id: "Transaction",
    // net = amount - discount - stripeFee - refundedAmount; settled: whether it counts in the revenue summary
    ...object({ ...paymentProps, userName: nstr, userEmail: nstr, net: money, settled: { type: "boolean" } }),
  },
  {
    $id: "DiscountCode",
    ...object({
      id: str,
      code: str,
      type: { type: "string", enum: ["percentage", "fixed"] },
      value: { type: "number" },
      maxUsage: nint,
      usageCount: int,
      expiresAt: nDateTime,
      isActive: { type: "boolean" },
      createdAt: dateTime,
    }),
  },
  {
    $id: "ShareLink",
    ...object({
      shareToken: str,
      amountPerPerson: money,
      maxParticipants: int,
      currentParticipants: int,
      placesLeft: int,
      expiresAt: dateTime,
    }),
  },
];

export const registerSharedSchemas = (app: FastifyInstance): void => {
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
};

export const ref = (id: string) => ({ $ref: `${id}#` });
export const listOf = (id: string) => ({ type: "array", items: ref(id) });
export { object, str, nstr, int, money, localDate, dateTime };

/** Request bodies as documentation (decoding is done by the core schemas). */
export const bodies = {
  register: object({ email: { type: "string", format: "email" }, username: str, password: { type: "string", minLength: 8 } }),
  login: object({ username: str, password: str }),
  profile: object({ email: { type: "string", format: "email" }, username: str }),
  venue: object({ name: str, location: str, description: nstr, imageUrl: nstr }, ["description", "imageUrl"]),
  court: object(
    {
      name: str,
      courtNumber: int,
      venueId: str,
      status: str,
      daySinglesPrice: { type: ["string", "number"] },
      dayDoublesPrice: { type: ["string", "number"] },
      nightSinglesPrice: { type: ["string", "number"] },
      nightDoublesPrice: { type: ["string", "number"] },
    },
    ["status", "daySinglesPrice", "dayDoublesPrice", "nightSinglesPrice", "nightDoublesPrice"],
  ),
  image: object({ imageData: str }),
  booking: object(
    {
      courtId: str,
      bookingDate: { type: "string", examples: ["2026-11-22T00:00:00", "2026-11-22"] },
      timeSlot: str,
      gameType: { type: "string", enum: ["singles", "doubles"] },
      userId: str,
    },
    ["userId"],
  ),
  cancellation: object({ bookingId: str, userId: str, cancellationReason: nstr }, ["userId", "cancellationReason"]),
  discountCode: object(
    {
      code: str,
      type: { type: "string", enum: ["percentage", "fixed"] },
      value: { type: "number" },
      maxUsage: nint,
      expiresAt: nDateTime,
      isActive: { type: "boolean" },
    },
    ["maxUsage", "expiresAt", "isActive"],
  ),
  discountPatch: object(
    {
      type: { type: "string", enum: ["percentage", "fixed"] },
      value: { type: "number" },
      maxUsage: nint,
      expiresAt: nDateTime,
      isActive: { type: "boolean" },
    },
    ["type", "value", "maxUsage", "expiresAt", "isActive"],
  ),
  validateCode: object({ code: str }),
  paymentIntent: object(
    { bookingId: str, paymentType: { type: "string", enum: ["partial", "full"] }, shareToken: str, discountCode: nstr, payerName: nstr, payerEmail: nstr },
    ["paymentType", "shareToken", "discountCode", "payerName", "payerEmail"],
  ),
  recordPayment: object({ bookingId: str, userId: str, stripePaymentIntentId: str, shareToken: nstr }, ["userId", "shareToken"]),
  shareLink: object({ bookingId: str, maxParticipants: int }),
  cardConfirm: object({ clientSecret: str, cardNumber: str, expMonth: int, expYear: int, cvc: str }),
  waitlist: object({ courtId: str, date: localDate, timeSlot: str }),
  notificationSettings: object({ remindersEnabled: { type: "boolean" } }),
};

export const idParams = (name = "id") => object({ [name]: str });
