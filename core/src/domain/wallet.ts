import type { Cents } from "./money.js";

/** What moved a wallet's balance (DESIGN.md section 16). */
export type WalletEntryKind = "topup" | "payment" | "refund" | "adjustment";
export const WALLET_ENTRY_KINDS: readonly WalletEntryKind[] = ["topup", "payment", "refund", "adjustment"];

/** A top-up by card: $10.00 to $500.00. */
export const MIN_TOP_UP: Cents = 10_00;
export const MAX_TOP_UP: Cents = 500_00;
export const TOP_UP_MESSAGE = "La recarga debe ser de $10.00 a $500.00, con hasta 2 decimales";

/** An admin's correction: at most $10,000.00 either way, never zero. */
export const MAX_ADJUSTMENT: Cents = 10_000_00;

/**
 * A product bought by card outside a booking. Each product names what recording it does, in the
 * transaction that records it: a top-up credits the buyer's wallet. Punch cards and memberships
 * join this list with their own effect.
 */
export type PurchaseProduct = "wallet_topup" | "punch_card" | "membership";
export const PURCHASE_PRODUCTS: readonly PurchaseProduct[] = ["wallet_topup", "punch_card", "membership"];
export type PurchaseStatus = "pending" | "succeeded" | "failed";

/** What a product is called on a receipt and in the club's transactions. */
export const PRODUCT_NAMES: Readonly<Record<PurchaseProduct, string>> = { wallet_topup: "Recarga de monedero", punch_card: "Bono de horas", membership: "Membresía de socio" };

export const insufficientBalanceMessage = (balance: Cents, needed: Cents): string =>
  `Saldo insuficiente en tu monedero: tienes $${(balance / 100).toFixed(2)} y este pago es de $${(needed / 100).toFixed(2)}. Recarga tu monedero o paga con tarjeta.`;
