import { describe, expect, it } from "vitest";
import { GUEST, createAdmin, ensureAdmin, getCurrentUser, loginAdmin, loginUser, registerUser, resetPassword, updateProfile } from "@courts/core";
import { club, failure, ok } from "./harness.js";

describe("accounts", () => {
  it("when a player registers, then the password is stored hashed and they can log in", async () => {
    const { ports } = await club();
    const user = await ok(registerUser(ports, { email: "eva@example.com", username: "eva", password: "secreta123" }));
    expect(user.passwordHash).not.toContain("secreta123".repeat(2));
    expect(user.isAdmin).toBe(false);
    const logged = await ok(loginUser(ports, { username: "EVA", password: "secreta123" }));
    expect(logged.id).toBe(user.id);
  });

  it("when the username or the email is taken, then registering fails with that reason", async () => {
    const { ports } = await club();
    expect((await failure(registerUser(ports, { email: "x@example.com", username: "ana", password: "secreta123" })))._tag).toBe("UsernameTaken");
    expect((await failure(registerUser(ports, { email: "ana@example.com", username: "nueva", password: "secreta123" })))._tag).toBe("EmailTaken");
  });

  it("when the password is wrong or the user unknown, then the same InvalidCredentials answer comes back", async () => {
    const { ports } = await club();
    let dummyCalls = 0;
    const passwords = { ...ports.passwords, verifyDummy: async () => { dummyCalls++; } };
    const wrong = await failure(loginUser({ ...ports, passwords }, { username: "ana", password: "nope" }));
    const unknown = await failure(loginUser({ ...ports, passwords }, { username: "nadie", password: "nope" }));
    expect(wrong).toEqual(unknown);
    expect(wrong._tag).toBe("InvalidCredentials");
    expect(dummyCalls).toBe(1);
  });

  it("when a player (not admin) logs into the admin panel, then it is refused like a wrong password", async () => {
    const { ports } = await club();
    await ok(registerUser(ports, { email: "eva@example.com", username: "eva", password: "secreta123" }));
    expect((await failure(loginAdmin(ports, { username: "eva", password: "secreta123" })))._tag).toBe("InvalidCredentials");
    await ok(createAdmin(ports, { username: "jefa", email: "jefa@example.com", password: "muysecreta" }));
    expect((await ok(loginAdmin(ports, { username: "jefa", password: "muysecreta" }))).isAdmin).toBe(true);
  });

  it("when ensureAdmin runs twice with a new password, then it creates once and then resets", async () => {
    const { ports } = await club();
    expect((await ok(ensureAdmin(ports, { username: "root", password: "primera123" }))).created).toBe(true);
    expect((await ok(ensureAdmin(ports, { username: "root", password: "segunda123" }))).created).toBe(false);
    await ok(loginAdmin(ports, { username: "root", password: "segunda123" }));
    expect((await failure(resetPassword(ports, { username: "nadie", password: "segunda123" })))._tag).toBe("UserNotFound");
    expect((await failure(resetPassword(ports, { username: "root", password: "corta" })))._tag).toBe("InvalidInput");
  });

  it("when a guest asks for the current user or edits a profile, then NotAuthenticated", async () => {
    const { ports } = await club();
    expect((await failure(getCurrentUser(ports, GUEST)))._tag).toBe("NotAuthenticated");
    expect((await failure(updateProfile(ports, GUEST, { email: "a@b.co", username: "abc" })))._tag).toBe("NotAuthenticated");
  });

  it("when a player takes another's username in the profile, then UsernameTaken; otherwise it is saved", async () => {
    const { ports, asAna } = await club();
    expect((await failure(updateProfile(ports, asAna, { email: "ana@example.com", username: "beto" })))._tag).toBe("UsernameTaken");
    const saved = await ok(updateProfile(ports, asAna, { email: "ana.nueva@example.com", username: "ana_g" }));
    expect(saved).toMatchObject({ email: "ana.nueva@example.com", username: "ana_g" });
  });
});
