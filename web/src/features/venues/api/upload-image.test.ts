import { describe, expect, it } from "vitest";
import { imageFileProblem } from "./upload-image";

describe("imageFileProblem (SPEC.md section 5)", () => {
  it("when the file passes 10MB, then 'El archivo es muy grande. Máximo 10MB'", () => {
    expect(imageFileProblem({ size: 10 * 1024 * 1024 + 1, type: "image/png" })).toBe("El archivo es muy grande. Máximo 10MB");
  });

  it("when the file is JPG, PNG or WebP up to 10MB, then it is accepted", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) {
      expect(imageFileProblem({ size: 10 * 1024 * 1024, type })).toBeUndefined();
    }
  });

  it("when the file is another type, then it is refused", () => {
    expect(imageFileProblem({ size: 100, type: "image/gif" })).toMatch(/JPG, PNG o WebP/);
  });
});
