import * as Schema from "effect/Schema";
import { MAX_PUNCH_HOURS, MAX_VALID_DAYS, MIN_PUNCH_HOURS } from "../domain/punch-cards.js";
import { body, Id, MoneyCents, required, requiredId, requiredText, says } from "./fields.js";

/** Request bodies of punch cards ('Bonos', DESIGN.md section 16), decoded at the edge. */

const whole = (min: number, max: number) => Schema.Number.pipe(Schema.int(), Schema.between(min, max));

export const PunchCardProductBody = body({
  name: requiredText(80, "Escribe el nombre del bono", "El nombre admite hasta 80 caracteres", "El campo 'name' debe ser texto"),
  hours: required(whole(MIN_PUNCH_HOURS, MAX_PUNCH_HOURS), `El campo 'hours' debe ser un número entero de ${MIN_PUNCH_HOURS} a ${MAX_PUNCH_HOURS}`),
  price: required(
    MoneyCents.pipe(Schema.filter((c) => c >= 1_00)),
    "El campo 'price' debe ser un monto de $1.00 a $10,000.00, con hasta 2 decimales",
  ),
  validDays: required(whole(1, MAX_VALID_DAYS), `El campo 'validDays' debe ser un número entero de 1 a ${MAX_VALID_DAYS}`),
  venueId: Schema.optional(Schema.NullOr(Id).annotations(says("El campo 'venueId' no es un identificador válido"))),
  band: Schema.optional(Schema.NullOr(Schema.Literal("day", "night")).annotations(says("El campo 'band' debe ser 'day' o 'night'"))),
});
export type PunchCardProductBody = typeof PunchCardProductBody.Type;

export const PunchCardPaymentBody = body({ punchCardId: requiredId("punchCardId") });
export type PunchCardPaymentBody = typeof PunchCardPaymentBody.Type;

export const PunchCardPurchaseBody = body({ productId: requiredId("productId") });
export type PunchCardPurchaseBody = typeof PunchCardPurchaseBody.Type;
