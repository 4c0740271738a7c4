import { EntitySchema } from "@mikro-orm/core";
import { InstantType } from "./instant-type.js";

/**
 * Persistence shapes: plain rows, one per table, mapped with EntitySchema (no decorators).
 * They never leave sql/; repositories map them to and from the domain objects of @courts/core.
 * Columns are snake_case (the default naming strategy); the schema itself is owned by the
 * hand-written migrations, these schemas only describe it to the ORM.
 */

export interface UserRow {
  id: string;
  username: string;
  email: string;
  /** username lower-cased: the case-insensitive unique key */
  usernameKey: string;
  emailKey: string;
  passwordHash: string;
  isAdmin: boolean;
  createdAt: Date;
}

export interface VenueRow {
  id: string;
  name: string;
  location: string;
  description: string | null;
  imageUrl: string | null;
  imageData: string | null;
  createdAt: Date;
}

export interface CourtRow {
  id: string;
  venueId: string;
  name: string;
  courtNumber: number;
  status: string;
  imageUrl: string | null;
  imageData: string | null;
  daySinglesPrice: number;
  dayDoublesPrice: number;
  nightSinglesPrice: number;
  nightDoublesPrice: number;
  createdAt: Date;
}

export interface BookingRow {
  id: string;
  userId: string;
  courtId: string;
  bookingDate: string;
  timeSlot: string;
  gameType: string;
  tariffType: string;
  totalAmount: number;
  paidAmount: number;
  status: string;
  cancellationReason: string | null;
  refundPercentage: number | null;
  createdAt: Date;
  cancelledAt: Date | null;
}

export interface PaymentRow {
  id: string;
  bookingId: string;
  userId: string;
  kind: string;
  status: string;
  amount: number;
  discount: number;
  discountCode: string | null;
  discountCodeId: string | null;
  stripeFee: number;
  netAmount: number;
  refundedAmount: number;
  refundOwed: number;
  refundSentAt: Date | null;
  flag: string | null;
  stripePaymentIntentId: string;
  shareToken: string | null;
  invoiceNumber: string | null;
  createdAt: Date;
  paidAt: Date | null;
  venueName: string;
  courtName: string;
  courtNumber: number;
  bookingDate: string;
  timeSlot: string;
  gameType: string;
}

export interface InvoiceCounterRow {
  year: number;
  lastNumber: number;
}

export interface DiscountCodeRow {
  id: string;
  code: string;
  type: string;
  value: number;
  maxUsage: number | null;
  usageCount: number;
  expiresAt: Date | null;
  isActive: boolean;
  createdAt: Date;
}

export interface ShareLinkRow {
  id: string;
  token: string;
  bookingId: string;
  amountPerPerson: number;
  maxParticipants: number;
  currentParticipants: number;
  expiresAt: Date;
  createdAt: Date;
}

export interface ImageRow {
  id: string;
  contentType: string;
  bytes: Buffer;
  createdAt: Date;
}

export interface SessionRow {
  sid: string;
  data: string;
  expiresAt: Date;
}

export interface SimulatedIntentRow {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: string;
  metadata: string;
  idempotencyKey: string;
  createdAt: Date;
}

export interface SimulatedRefundRow {
  id: string;
  intentId: string;
  amount: number;
  idempotencyKey: string;
  createdAt: Date;
}

export interface WebhookEventRow {
  eventId: string;
  processedAt: Date;
}

const id = { type: "string", primary: true, columnType: "text" } as const;
const text = { type: "string", columnType: "text" } as const;
const optionalText = { type: "string", columnType: "text", nullable: true } as const;
const int = { type: "integer" } as const;
const instant = { type: InstantType } as const;
const optionalInstant = { type: InstantType, nullable: true } as const;

export const UserSchema = new EntitySchema<UserRow>({
  name: "UserRow",
  tableName: "users",
  properties: { id, username: text, email: text, usernameKey: text, emailKey: text, passwordHash: text, isAdmin: { type: "boolean" }, createdAt: instant },
});

export const VenueSchema = new EntitySchema<VenueRow>({
  name: "VenueRow",
  tableName: "venues",
  properties: {
    id,
    name: text,
    location: text,
    description: optionalText,
    imageUrl: optionalText,
    imageData: optionalText,
    createdAt: instant,
  },
});

export const CourtSchema = new EntitySchema<CourtRow>({
  name: "CourtRow",
  tableName: "courts",
  properties: {
    id,
    venueId: text,
    name: text,
    courtNumber: int,
    status: text,
    imageUrl: optionalText,
    imageData: optionalText,
    daySinglesPrice: int,
    dayDoublesPrice: int,
    nightSinglesPrice: int,
    nightDoublesPrice: int,
    createdAt: instant,
  },
});

export const BookingSchema = new EntitySchema<BookingRow>({
  name: "BookingRow",
  tableName: "bookings",
  properties: {
    id,
    userId: text,
    courtId: text,
    bookingDate: text,
    timeSlot: text,
    gameType: text,
    tariffType: text,
    totalAmount: int,
    paidAmount: int,
    status: text,
    cancellationReason: optionalText,
    refundPercentage: { type: "integer", nullable: true },
    createdAt: instant,
    cancelledAt: optionalInstant,
  },
});

export const PaymentSchema = new EntitySchema<PaymentRow>({
  name: "PaymentRow",
  tableName: "payments",
  properties: {
    id,
    bookingId: text,
    userId: text,
    kind: text,
    status: text,
    amount: int,
    discount: int,
    discountCode: optionalText,
    discountCodeId: optionalText,
    stripeFee: int,
    netAmount: int,
    refundedAmount: int,
    refundOwed: int,
    refundSentAt: optionalInstant,
    flag: optionalText,
    stripePaymentIntentId: text,
    shareToken: optionalText,
    invoiceNumber: optionalText,
    createdAt: instant,
    paidAt: optionalInstant,
    venueName: text,
    courtName: text,
    courtNumber: int,
    bookingDate: text,
    timeSlot: text,
    gameType: text,
  },
});

export const InvoiceCounterSchema = new EntitySchema<InvoiceCounterRow>({
  name: "InvoiceCounterRow",
  tableName: "invoice_counters",
  properties: { year: { type: "integer", primary: true }, lastNumber: int },
});

export const DiscountCodeSchema = new EntitySchema<DiscountCodeRow>({
  name: "DiscountCodeRow",
  tableName: "discount_codes",
  properties: {
    id,
    code: text,
    type: text,
    value: int,
    maxUsage: { type: "integer", nullable: true },
    usageCount: int,
    expiresAt: optionalInstant,
    isActive: { type: "boolean" },
    createdAt: instant,
  },
});

export const ShareLinkSchema = new EntitySchema<ShareLinkRow>({
  name: "ShareLinkRow",
  tableName: "share_links",
  properties: {
    id,
    token: text,
    bookingId: text,
    amountPerPerson: int,
    maxParticipants: int,
    currentParticipants: int,
    expiresAt: instant,
    createdAt: instant,
  },
});

export const ImageSchema = new EntitySchema<ImageRow>({
  name: "ImageRow",
  tableName: "images",
  properties: { id, contentType: text, bytes: { type: "blob" }, createdAt: instant },
});

export const SessionSchema = new EntitySchema<SessionRow>({
  name: "SessionRow",
  tableName: "sessions",
  properties: { sid: id, data: text, expiresAt: instant },
});

export const SimulatedIntentSchema = new EntitySchema<SimulatedIntentRow>({
  name: "SimulatedIntentRow",
  tableName: "simulated_intents",
  properties: {
    id,
    clientSecret: text,
    amount: int,
    currency: text,
    status: text,
    metadata: text,
    idempotencyKey: text,
    createdAt: instant,
  },
});

export const SimulatedRefundSchema = new EntitySchema<SimulatedRefundRow>({
  name: "SimulatedRefundRow",
  tableName: "simulated_refunds",
  properties: { id, intentId: text, amount: int, idempotencyKey: text, createdAt: instant },
});

export const WebhookEventSchema = new EntitySchema<WebhookEventRow>({
  name: "WebhookEventRow",
  tableName: "webhook_events",
  properties: { eventId: id, processedAt: instant },
});

export const ENTITY_SCHEMAS = [
  UserSchema,
  VenueSchema,
  CourtSchema,
  BookingSchema,
  PaymentSchema,
  InvoiceCounterSchema,
  DiscountCodeSchema,
  ShareLinkSchema,
  ImageSchema,
  SessionSchema,
  SimulatedIntentSchema,
  SimulatedRefundSchema,
  WebhookEventSchema,
] as const;
