import { centsFromNumber, type DiscountRule } from "@courts/core";
import type { ValidatedDiscount } from "../../types/api";

/** The API's code (percent, or dollars such as 5.5) as the core's rule (percent, or cents). */
export const toDiscountRule = (code: Pick<ValidatedDiscount, "type" | "value">): DiscountRule =>
  code.type === "percentage"
    ? { type: "percentage", value: code.value }
    : { type: "fixed", value: centsFromNumber(code.value) ?? Math.round(code.value * 100) };
