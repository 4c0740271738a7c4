import type { DiscountCodeBody } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { DiscountCode } from "../../../types/api";

/** What the discount form sends: the request schema's encoded side. */
export type DiscountCodeInput = typeof DiscountCodeBody.Encoded;

/** POST /api/admin/discount-codes. */
export const createDiscountCode = (input: DiscountCodeInput) =>
  api<DiscountCode>("/api/admin/discount-codes", { method: "POST", json: input });

export const useCreateDiscountCode = () => useWrite("create-discount-code", createDiscountCode, ["discounts"]);
