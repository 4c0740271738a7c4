import { normalizeCode, type DiscountCode, type DiscountCodeRepository } from "@courts/core";
import { byKeys, type MemoryState } from "./state.js";

export const memoryDiscountCodes = (state: MemoryState): DiscountCodeRepository => ({
  async list() {
    return [...state.discountCodes.values()].sort(byKeys((c) => [-c.createdAt.getTime(), c.id]));
  },
  async findById(id) {
    return state.discountCodes.get(id);
  },
  async findByCode(code) {
    const wanted = normalizeCode(code);
    return [...state.discountCodes.values()].find((c) => c.code === wanted);
  },
  async insert(code) {
    if (state.discountCodes.has(code.id)) throw new Error(`duplicate discount code id ${code.id}`);
    if ([...state.discountCodes.values()].some((c) => c.code === code.code)) return "duplicate";
    state.discountCodes.set(code.id, code);
    return code;
  },
  async update(id, change) {
    const current = state.discountCodes.get(id);
    if (!current) return undefined;
    const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    const next: DiscountCode = { ...current, ...defined };
    state.discountCodes.set(id, next);
    return next;
  },
});
