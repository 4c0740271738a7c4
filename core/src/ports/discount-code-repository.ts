import type { DiscountCode } from "../domain/discount.js";

export interface DiscountCodeRepository {
  list(): Promise<DiscountCode[]>;
  findById(id: string): Promise<DiscountCode | undefined>;
  /** by upper-cased code */
  findByCode(code: string): Promise<DiscountCode | undefined>;
  insert(code: DiscountCode): Promise<DiscountCode | "duplicate">;
  update(id: string, change: Partial<Pick<DiscountCode, "type" | "value" | "maxUsage" | "expiresAt" | "isActive">>): Promise<DiscountCode | undefined>;
  /**
   * One conditional UPDATE: usageCount + 1 only while active and below maxUsage.
   * false when no use was left. Never read-then-write.
   */
  reserveUse(id: string): Promise<boolean>;
  /** Gives back a use reserved for an intent that was abandoned (never below 0). */
  releaseUse(id: string): Promise<void>;
}
