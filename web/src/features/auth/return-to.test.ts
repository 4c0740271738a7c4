import { describe, expect, it } from "vitest";
import { returnPathOf, safeReturnPath, withReturn } from "./return-to";

describe("the way back after login", () => {
  it("when a guest is sent from a booking screen, then login carries it and sends them back there", () => {
    const login = withReturn("/login", "/booking/c1?x=1");
    expect(login).toBe("/login?next=%2Fbooking%2Fc1%3Fx%3D1");
    expect(returnPathOf(login.slice("/login".length))).toBe("/booking/c1?x=1");
  });

  it("when nothing asked for the login, then /user-dashboard (SPEC.md)", () => {
    expect(returnPathOf("")).toBe("/user-dashboard");
    expect(withReturn("/register", "/user-dashboard")).toBe("/register");
  });

  it.each(["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "/login?next=/x", "/register"])(
    "when next is %s, then it is not followed",
    (next) => {
      expect(safeReturnPath(next)).toBeNull();
      expect(returnPathOf(`?next=${encodeURIComponent(next)}`)).toBe("/user-dashboard");
    },
  );
});
