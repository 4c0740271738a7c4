import type { DiscountCodePatch } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { DiscountCode } from "../../../types/api";

/** PATCH /api/admin/discount-codes/{id}: every field but the code itself; the switch sends only isActive. */
export const updateDiscountCode = ({ id, changes }: { id: string; changes: typeof DiscountCodePatch.Encoded }) =>
  api<DiscountCode>(`/api/admin/discount-codes/${encodeURIComponent(id)}`, { method: "PATCH", json: changes });

export const useUpdateDiscountCode = () => useWrite("update-discount-code", updateDiscountCode, ["discounts"]);
