import { expect, it } from "vitest";
import { aDiscountCode } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";

export const discountCodeRepositoryContract = (subject: () => Subject): void => {
  const codes = () => subject().repos.discountCodes;

  it("when codes are inserted, then they are found by id and by code in any case, listed newest first", async () => {
    const older = aDiscountCode({ code: "VERANO10", createdAt: new Date("2026-01-01T00:00:00.000Z"), expiresAt: new Date("2026-12-31T23:59:59.000Z") });
    const newer = aDiscountCode({ code: "FIJO5", type: "fixed", value: 500, maxUsage: 3, isActive: false, createdAt: new Date("2026-02-01T00:00:00.000Z") });
    expect(await codes().insert(older)).toEqual(older);
    expect(await codes().insert(newer)).toEqual(newer);
    expect(await codes().findById(older.id)).toEqual(older);
    expect(await codes().findByCode(" verano10 ")).toEqual(older);
    expect(await codes().findByCode("NOPE")).toBeUndefined();
    expect(await codes().list()).toEqual([newer, older]);
  });

  it("when a code exists, then inserting it again answers duplicate", async () => {
    await codes().insert(aDiscountCode({ code: "DOBLE" }));
    expect(await codes().insert(aDiscountCode({ code: "DOBLE" }))).toBe("duplicate");
    expect(await codes().list()).toHaveLength(1);
  });

  it("when a code is updated, then only the given fields change", async () => {
    const code = aDiscountCode({ maxUsage: 10 });
    await codes().insert(code);
    expect(await codes().update(code.id, { isActive: false })).toEqual({ ...code, isActive: false });
    const expiresAt = new Date("2027-01-01T05:00:00.000Z");
    expect(await codes().update(code.id, { type: "fixed", value: 250, maxUsage: null, expiresAt })).toEqual({
      ...code,
      isActive: false,
      type: "fixed",
      value: 250,
      maxUsage: null,
      expiresAt,
    });
    expect(await codes().update(code.id, { expiresAt: null, isActive: true })).toMatchObject({ expiresAt: null, isActive: true, maxUsage: null });
    expect(await codes().update("00000000-0000-4000-8000-00000000dead", { isActive: true })).toBeUndefined();
  });
};
