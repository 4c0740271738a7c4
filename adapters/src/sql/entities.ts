import { EntitySchema } from "@mikro-orm/core";
import { InstantType } from "./instant-type.js";

/**
 * Entity metadata given to MikroORM, which keeps the pool and runs the migrations only: every
 * statement goes through SqlClient (sql-client.ts), no query reads these, and the migrations own
 * the schema. MikroORM boots with none (orm.ts: discovery.warnWhenNoEntities is off).
 */

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

const id = { type: "string", primary: true, columnType: "text" } as const;
const text = { type: "string", columnType: "text" } as const;
const optionalText = { type: "string", columnType: "text", nullable: true } as const;
const int = { type: "integer" } as const;
const instant = { type: InstantType } as const;
const optionalInstant = { type: InstantType, nullable: true } as const;

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

export const ENTITY_SCHEMAS = [
  PaymentSchema,
  InvoiceCounterSchema,
  SimulatedIntentSchema,
  SimulatedRefundSchema,
] as const;
