import * as Schema from "effect/Schema";
import { parseMoney } from "../domain/money.js";
import { MAX_ADJUSTMENT, MAX_TOP_UP, MIN_TOP_UP, TOP_UP_MESSAGE } from "../domain/wallet.js";
import { body, MoneyCents, required, requiredText } from "./fields.js";

/** Request bodies of the wallet (DESIGN.md section 16), decoded at the edge. */

export const TopUpBody = body({
  amount: required(MoneyCents.pipe(Schema.filter((c) => c >= MIN_TOP_UP && c <= MAX_TOP_UP)), TOP_UP_MESSAGE),
});
export type TopUpBody = typeof TopUpBody.Type;

export const WalletPaymentBody = body({
  paymentType: required(Schema.Literal("partial", "full"), "El campo 'paymentType' debe ser 'partial' o 'full'"),
  discountCode: Schema.optional(
    Schema.NullOr(Schema.Trim.pipe(Schema.maxLength(32))).annotations({ message: () => ({ message: "El campo 'discountCode' no es válido", override: true }) }),
  ),
});
export type WalletPaymentBody = typeof WalletPaymentBody.Type;

const ADJUSTMENT_MESSAGE = "El campo 'amount' debe ser un monto distinto de 0, con signo y hasta 2 decimales (máximo $10,000.00)";

/** A signed amount: "-5.00", -5, "12.5" -> cents; never zero. */
const SignedCents = Schema.Union(Schema.Number, Schema.String).pipe(
  Schema.filter((v) => {
    const text = String(v).trim();
    const cents = parseMoney(text.startsWith("-") ? text.slice(1) : text);
    return cents !== undefined && cents > 0 && cents <= MAX_ADJUSTMENT;
  }),
  Schema.transform(Schema.Number, {
    strict: true,
    decode: (v) => {
      const text = String(v).trim();
      const negative = text.startsWith("-");
      const cents = parseMoney(negative ? text.slice(1) : text) ?? 0;
      return negative ? -cents : cents;
    },
    encode: (c) => c,
  }),
);

export const WalletAdjustmentBody = body({
  amount: required(SignedCents, ADJUSTMENT_MESSAGE),
  note: requiredText(200, "Escribe una nota que explique el ajuste", "La nota admite hasta 200 caracteres", "El campo 'note' debe ser texto"),
});
export type WalletAdjustmentBody = typeof WalletAdjustmentBody.Type;

/** The purchase's intent id in the path. */
export const IntentIdParam = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(120), Schema.pattern(/^[A-Za-z0-9_-]+$/));

const PageNumber = Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 1_000_000));
const PageSize = Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 200));

/** GET /api/user/wallet?page=&pageSize=: the statement's page, newest first. */
export const WalletQuery = Schema.Struct({
  page: Schema.optional(PageNumber.annotations({ message: () => ({ message: "El parámetro 'page' debe ser un número entero desde 1", override: true }) })),
  pageSize: Schema.optional(
    PageSize.annotations({ message: () => ({ message: "El parámetro 'pageSize' debe ser un número entero entre 1 y 200", override: true }) }),
  ),
});
export type WalletQuery = typeof WalletQuery.Type;

/** GET /api/user/purchases?kind=&page=&pageSize=: the player's purchases, of one kind when asked. */
export const MyPurchasesQuery = Schema.Struct({
  ...WalletQuery.fields,
  kind: Schema.optional(
    Schema.Literal("topup", "punch_card", "membership").annotations({
      message: () => ({ message: "El parámetro 'kind' debe ser topup, punch_card o membership", override: true }),
    }),
  ),
});
export type MyPurchasesQuery = typeof MyPurchasesQuery.Type;
