import * as Schema from "effect/Schema";
import { formatMoney } from "../domain/money.js";
import { PRODUCT_NAMES } from "../domain/wallet.js";
import type { OwnPurchase, Purchase, PurchaseWithBuyer } from "../ports/purchase-repository.js";
import type { WalletEntry } from "../ports/wallet-repository.js";
import { Instant, Money } from "./common.js";

/** The wallet's answers (DESIGN.md section 16). */

export const WalletEntryAnswer = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literal("topup", "payment", "refund", "adjustment"),
  /** signed: credits positive, spends negative */
  amount: Money,
  createdAt: Instant,
  bookingId: Schema.optional(Schema.String),
  note: Schema.optional(Schema.String),
});
export type WalletEntryAnswer = typeof WalletEntryAnswer.Type;

export const WalletAnswer = Schema.Struct({ balance: Money, entries: Schema.Array(WalletEntryAnswer) });
export type WalletAnswer = typeof WalletAnswer.Type;

export const presentWalletEntry = (e: WalletEntry): WalletEntryAnswer => ({
  id: e.id,
  kind: e.kind,
  amount: formatMoney(e.amount),
  createdAt: e.createdAt.toISOString(),
  ...(e.bookingId !== null ? { bookingId: e.bookingId } : {}),
  ...(e.note !== null ? { note: e.note } : {}),
});

export const PurchaseIntentAnswer = Schema.Struct({ clientSecret: Schema.String, paymentIntentId: Schema.String, amount: Money });
export type PurchaseIntentAnswer = typeof PurchaseIntentAnswer.Type;

export const PurchaseAnswer = Schema.Struct({
  id: Schema.String,
  product: Schema.String,
  status: Schema.Literal("pending", "succeeded", "failed"),
  amount: Money,
  invoiceNumber: Schema.NullOr(Schema.String),
  createdAt: Instant,
  paidAt: Schema.NullOr(Instant),
  /** the wallet's balance after a top-up was recorded */
  balance: Schema.optional(Money),
});
export type PurchaseAnswer = typeof PurchaseAnswer.Type;

export const presentPurchase = (p: Purchase, balance?: number): PurchaseAnswer => ({
  id: p.id,
  product: p.product,
  status: p.status,
  amount: formatMoney(p.amount),
  invoiceNumber: p.invoiceNumber,
  createdAt: p.createdAt.toISOString(),
  paidAt: p.paidAt?.toISOString() ?? null,
  ...(balance !== undefined ? { balance: formatMoney(balance) } : {}),
});

/** A purchase in the club's list: what was bought, by whom, for how much, and the card's fee. */
export const AdminPurchaseAnswer = Schema.Struct({
  id: Schema.String,
  /** the product's key ("wallet_topup", ...) and its name as receipts print it */
  product: Schema.String,
  productName: Schema.String,
  status: Schema.Literal("pending", "succeeded", "failed"),
  amount: Money,
  stripeFee: Money,
  invoiceNumber: Schema.NullOr(Schema.String),
  userId: Schema.String,
  userName: Schema.NullOr(Schema.String),
  userEmail: Schema.NullOr(Schema.String),
  createdAt: Instant,
  paidAt: Schema.NullOr(Instant),
});
export type AdminPurchaseAnswer = typeof AdminPurchaseAnswer.Type;

export const presentAdminPurchase = (p: PurchaseWithBuyer): AdminPurchaseAnswer => ({
  id: p.id,
  product: p.product,
  productName: PRODUCT_NAMES[p.product],
  status: p.status,
  amount: formatMoney(p.amount),
  stripeFee: formatMoney(p.stripeFee),
  invoiceNumber: p.invoiceNumber,
  userId: p.userId,
  userName: p.userName,
  userEmail: p.userEmail,
  createdAt: p.createdAt.toISOString(),
  paidAt: p.paidAt?.toISOString() ?? null,
});

/** The product kinds of a player's purchase as GET /api/user/purchases names them. */
const OWN_KINDS = { wallet_topup: "topup", punch_card: "punch_card", membership: "membership" } as const;

/** A purchase in its buyer's list (GET /api/user/purchases): what, for how much, how paid, and its receipt's number once recorded. */
export const MyPurchaseAnswer = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literal("topup", "punch_card", "membership"),
  /** as the club's transactions name a sale: 'Recarga de monedero', 'Bono de horas: {product}', 'Membresía de socio: {plan}' */
  name: Schema.String,
  amount: Money,
  status: Schema.Literal("pending", "succeeded", "failed"),
  /** a membership recorded at the desk was paid in cash */
  method: Schema.Literal("card", "cash"),
  createdAt: Instant,
  receiptNumber: Schema.NullOr(Schema.String),
});
export type MyPurchaseAnswer = typeof MyPurchaseAnswer.Type;

export const presentMyPurchase = (p: OwnPurchase): MyPurchaseAnswer => ({
  id: p.id,
  kind: OWN_KINDS[p.product],
  name: p.productName === null ? PRODUCT_NAMES[p.product] : `${PRODUCT_NAMES[p.product]}: ${p.productName}`,
  amount: formatMoney(p.amount),
  status: p.status,
  method: p.intentId.startsWith("cash-") ? "cash" : "card",
  createdAt: p.createdAt.toISOString(),
  receiptNumber: p.invoiceNumber,
});

export const WalletAdjustmentAnswer = Schema.Struct({ balance: Money, entry: WalletEntryAnswer });
export type WalletAdjustmentAnswer = typeof WalletAdjustmentAnswer.Type;
