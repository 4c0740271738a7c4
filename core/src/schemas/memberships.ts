import * as Schema from "effect/Schema";
import { MAX_MEMBERSHIP_MONTHS } from "../domain/memberships.js";
import { body, MoneyCents, required, requiredId, requiredText, says } from "./fields.js";

/** Request bodies of memberships ('Socios', DESIGN.md section 16), decoded at the edge. */

const whole = (min: number, max: number) => Schema.Number.pipe(Schema.int(), Schema.between(min, max));

export const MembershipPlanBody = body({
  venueId: requiredId("venueId"),
  name: requiredText(80, "Escribe el nombre del plan", "El nombre admite hasta 80 caracteres", "El campo 'name' debe ser texto"),
  price: required(MoneyCents.pipe(Schema.filter((c) => c >= 1_00)), "El campo 'price' debe ser un monto de $1.00 a $10,000.00, con hasta 2 decimales"),
  months: required(whole(1, MAX_MEMBERSHIP_MONTHS), `El campo 'months' debe ser un número entero de 1 a ${MAX_MEMBERSHIP_MONTHS}`),
  discountPercent: required(whole(0, 100), "El campo 'discountPercent' debe ser un número entero de 0 a 100"),
  windowDays: Schema.optional(Schema.NullOr(whole(1, 365)).annotations(says("El campo 'windowDays' debe ser un número entero de 1 a 365"))),
});
export type MembershipPlanBody = typeof MembershipPlanBody.Type;

export const MembershipPurchaseBody = body({ planId: requiredId("planId") });
export type MembershipPurchaseBody = typeof MembershipPurchaseBody.Type;
