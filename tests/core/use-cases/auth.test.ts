import { describe, expect, it } from "vitest";
import {
  ADMIN,
  GUEST,
  changePassword,
  completePasswordReset,
  createAdmin,
  createWalkIn,
  ensureAdmin,
  getCurrentUser,
  loginAdmin,
  loginUser,
  registerUser,
  requestPasswordReset,
  resetPassword,
  searchPlayers,
  updateProfile,
  verifyEmail,
  type Notice,
  type Ports,
} from "@courts/core";
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

  /** the token of the newest account mail of `kind` to `to` in the outbox */
  const linkIn = async (ports: Ports, to: string, kind: "password-reset" | "verify-email"): Promise<string> => {
    const claimed = await ports.outbox.claim(new Date("2100-01-01T00:00:00Z"), new Date("2100-01-01T00:01:00Z"), 100);
    const mine = claimed.filter((m) => m.to === to && m.notice.kind === kind).at(-1)?.notice as Extract<Notice, { token: string }> | undefined;
    if (!mine) throw new Error(`no ${kind} mail to ${to}`);
    return mine.token;
  };

  it("when a reset link is used after PASSWORD_RESET_MINUTES, then AccountLinkGone and the old password still works", async () => {
    const { ports, clock } = await club();
    await ok(registerUser(ports, { email: "eva@example.com", username: "eva", password: "secreta123" }));
    await ok(requestPasswordReset(ports, "eva@example.com"));
    const token = await linkIn(ports, "eva@example.com", "password-reset");
    clock.set(new Date(clock.now().getTime() + ports.accounts.passwordResetMinutes * 60_000));
    expect((await failure(completePasswordReset(ports, token, "nueva-clave-2026")))._tag).toBe("AccountLinkGone");
    await ok(loginUser(ports, { username: "eva", password: "secreta123" }));
  });

  it("when a reset link is used a minute before it expires, then the new password works and the old one does not", async () => {
    const { ports, clock } = await club();
    await ok(registerUser(ports, { email: "eva@example.com", username: "eva", password: "secreta123" }));
    await ok(requestPasswordReset(ports, "EVA@example.com"));
    const token = await linkIn(ports, "eva@example.com", "password-reset");
    clock.set(new Date(clock.now().getTime() + (ports.accounts.passwordResetMinutes - 1) * 60_000));
    await ok(completePasswordReset(ports, token, "nueva-clave-2026"));
    await ok(loginUser(ports, { username: "eva", password: "nueva-clave-2026" }));
    expect((await failure(loginUser(ports, { username: "eva", password: "secreta123" })))._tag).toBe("InvalidCredentials");
  });

  it("when a confirmation link is older than its lifetime, then it confirms nothing", async () => {
    const { ports, clock } = await club();
    const eva = await ok(registerUser(ports, { email: "eva@example.com", username: "eva", password: "secreta123" }));
    const token = await linkIn(ports, "eva@example.com", "verify-email");
    clock.set(new Date(clock.now().getTime() + ports.accounts.verifyEmailHours * 3_600_000 + 1));
    expect((await failure(verifyEmail(ports, token)))._tag).toBe("AccountLinkGone");
    expect((await ports.users.findById(eva.id))?.emailVerified).toBe(false);
  });

  it("when the current password is wrong, then WrongPassword and the stored hash is unchanged", async () => {
    const { ports } = await club();
    const eva = await ok(registerUser(ports, { email: "eva@example.com", username: "eva", password: "secreta123" }));
    const error = await failure(changePassword(ports, { userId: eva.id, isAdmin: false }, { currentPassword: "otra-cosa", newPassword: "nueva-clave-2026" }));
    expect(error._tag).toBe("WrongPassword");
    expect((await ports.users.findById(eva.id))?.passwordHash).toBe(eva.passwordHash);
  });

  it("when the desk searches, then names match without accents or case, phones by their digits, never admins, at most 20", async () => {
    const { ports } = await club();
    await ok(createWalkIn(ports, ADMIN, { fullName: "José Peña", phone: "099 765 4321" }));
    await ok(createAdmin(ports, { username: "josefa_admin", email: "josefa@example.com", password: "muysecreta1" }));
    for (let i = 0; i < 25; i++) await ok(createWalkIn(ports, ADMIN, { fullName: `Jugador Repetido ${i}` }));
    expect((await ok(searchPlayers(ports, ADMIN, "JOSE PENA"))).map((u) => u.fullName)).toEqual(["José Peña"]);
    expect((await ok(searchPlayers(ports, ADMIN, "0997654"))).map((u) => u.fullName)).toEqual(["José Peña"]);
    expect((await ok(searchPlayers(ports, ADMIN, "josefa"))).length).toBe(0);
    expect((await ok(searchPlayers(ports, ADMIN, "repetido"))).length).toBe(20);
    expect((await failure(searchPlayers(ports, GUEST, "jose")))._tag).toBe("NotAuthenticated");
  });
});
