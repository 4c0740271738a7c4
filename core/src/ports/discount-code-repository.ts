import type { DiscountCode } from "../domain/discount.js";

/** A code's uses are reserved and given back with the payments that hold them (PaymentRepository). */
export interface DiscountCodeRepository {
  list(): Promise<DiscountCode[]>;
  findById(id: string): Promise<DiscountCode | undefined>;
  /** by upper-cased code */
  findByCode(code: string): Promise<DiscountCode | undefined>;
  insert(code: DiscountCode): Promise<DiscountCode | "duplicate">;
  update(id: string, change: Partial<Pick<DiscountCode, "type" | "value" | "maxUsage" | "expiresAt" | "isActive">>): Promise<DiscountCode | undefined>;
}
