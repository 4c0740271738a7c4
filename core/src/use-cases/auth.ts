import * as Effect from "effect/Effect";
import { displayName, searchable, type TokenPurpose } from "../domain/account.js";
import type { User } from "../domain/entities.js";
import {
  AccountLinkGone,
  EmailAlreadyVerified,
  EmailTaken,
  InvalidCredentials,
  InvalidInput,
  NotAuthenticated,
  UserNotFound,
  UsernameTaken,
  WrongPassword,
} from "../domain/errors.js";
import { PHONE_INVALID, toE164 } from "../domain/phone.js";
import { HOUR_MS, MINUTE_MS } from "../domain/time.js";
import type { Ports } from "../ports/index.js";
import type { UserConflict } from "../ports/user-repository.js";
import type { LoginBody, PasswordChangeBody, ProfileBody, RegisterBody, WalkInBody } from "../schemas/requests.js";
import { enqueueNotice } from "./notifications.js";
import type { Actor } from "./support.js";
import { call, callOr, requireAdmin, requireUser } from "./support.js";

const WRONG_CREDENTIALS = "Usuario o contraseña incorrectos";
const LINK_GONE = "Este enlace ya no es válido: se usó, venció o pediste uno más nuevo. Pide otro.";

const conflict = (c: UserConflict) =>
  c === "username-taken"
    ? new UsernameTaken({ message: "El nombre de usuario ya está en uso" })
    : new EmailTaken({ message: "El correo electrónico ya está registrado" });

type AccountPorts = Pick<Ports, "users" | "accountTokens" | "outbox" | "ids" | "clock" | "accounts">;

/** A typed phone -> E.164 in the club's region; blank or null -> null. */
const phoneOf = (ports: Pick<Ports, "accounts">, typed: string | null | undefined) => {
  if (typed === undefined || typed === null || typed.trim() === "") return Effect.succeed(null);
  const e164 = toE164(typed, ports.accounts.phoneRegion);
  return e164 === null ? Effect.fail(new InvalidInput({ field: "phone", message: PHONE_INVALID })) : Effect.succeed(e164);
};

/** A new one-time link for the user, mailed through the outbox; earlier links of the purpose stop working. */
const sendLink = (ports: AccountPorts, user: User, purpose: TokenPurpose) =>
  Effect.gen(function* () {
    if (user.email === "") return;
    const token = ports.ids.token();
    const tokenHash = ports.ids.tokenHash(token);
    const now = ports.clock.now();
    const lifetimeMs = purpose === "password-reset" ? ports.accounts.passwordResetMinutes * MINUTE_MS : ports.accounts.verifyEmailHours * HOUR_MS;
    yield* call(() =>
      ports.accountTokens.issue({ tokenHash, userId: user.id, purpose, email: user.email, createdAt: now, expiresAt: new Date(now.getTime() + lifetimeMs), usedAt: null }),
    );
    const name = displayName(user);
    yield* enqueueNotice(
      ports,
      `${purpose}:${tokenHash}`,
      user.email,
      purpose === "password-reset"
        ? { kind: "password-reset", name, token, minutes: ports.accounts.passwordResetMinutes }
        : { kind: "verify-email", name, token, hours: ports.accounts.verifyEmailHours },
    );
  });

/** A new player account, unconfirmed, with 'Confirma tu correo' on its way; the caller logs it in. */
export const registerUser = (ports: AccountPorts & Pick<Ports, "passwords">, input: RegisterBody) =>
  Effect.gen(function* () {
    const phone = yield* phoneOf(ports, input.phone);
    const passwordHash = yield* call(() => ports.passwords.hash(input.password));
    const user: User = {
      id: ports.ids.uuid(),
      username: input.username,
      email: input.email,
      passwordHash,
      isAdmin: false,
      createdAt: ports.clock.now(),
      fullName: input.fullName ?? null,
      phone,
      emailVerified: false,
    };
    const saved = yield* call(() => ports.users.insert(user));
    if (typeof saved === "string") return yield* Effect.fail(conflict(saved));
    yield* sendLink(ports, saved, "verify-email");
    return saved;
  });

/** Unknown users take as long as wrong passwords, so the answer tells nothing about who exists. */
const verifyCredentials = (ports: Pick<Ports, "users" | "passwords">, input: LoginBody) =>
  Effect.gen(function* () {
    const user = yield* call(() => ports.users.findByUsername(input.username));
    // a walk-in has no password until they choose one by reset
    if (!user || user.passwordHash === "") {
      yield* call(() => ports.passwords.verifyDummy(input.password));
      return yield* Effect.fail(new InvalidCredentials({ message: WRONG_CREDENTIALS }));
    }
    const ok = yield* call(() => ports.passwords.verify(user.passwordHash, input.password));
    if (!ok) return yield* Effect.fail(new InvalidCredentials({ message: WRONG_CREDENTIALS }));
    return user;
  });

export const loginUser = (ports: Pick<Ports, "users" | "passwords">, input: LoginBody) => verifyCredentials(ports, input);

/** Same answer for a wrong password and for a player who is not an admin. */
export const loginAdmin = (ports: Pick<Ports, "users" | "passwords">, input: LoginBody) =>
  Effect.gen(function* () {
    const user = yield* verifyCredentials(ports, input);
    if (!user.isAdmin) return yield* Effect.fail(new InvalidCredentials({ message: WRONG_CREDENTIALS }));
    return user;
  });

const signedInUser = (ports: Pick<Ports, "users">, actor: Actor) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    return yield* callOr(() => ports.users.findById(userId), () => new NotAuthenticated({ message: "Debes iniciar sesión" }));
  });

export const getCurrentUser = signedInUser;

/**
 * 'Editar perfil': fields left out stay as they are; a blank phone is removed. A new email is
 * unconfirmed until its link is followed, and that link is mailed to it.
 */
export const updateProfile = (ports: AccountPorts, actor: Actor, input: ProfileBody) =>
  Effect.gen(function* () {
    const current = yield* signedInUser(ports, actor);
    const phone = input.phone === undefined ? current.phone : yield* phoneOf(ports, input.phone);
    const updated = yield* call(() =>
      ports.users.updateProfile(current.id, {
        email: input.email,
        username: input.username,
        fullName: input.fullName ?? current.fullName,
        phone,
        ...(input.level === undefined ? {} : { level: input.level }),
        ...(input.matchDigest === undefined ? {} : { matchDigest: input.matchDigest }),
      }),
    );
    if (updated === undefined) return yield* Effect.fail(new NotAuthenticated({ message: "Debes iniciar sesión" }));
    if (typeof updated === "string") return yield* Effect.fail(conflict(updated));
    if (current.emailVerified && !updated.emailVerified) yield* sendLink(ports, updated, "verify-email");
    return updated;
  });

/** The signed-in player's new password, given the current one; the caller ends their other sessions. */
export const changePassword = (ports: Pick<Ports, "users" | "passwords">, actor: Actor, input: PasswordChangeBody) =>
  Effect.gen(function* () {
    const user = yield* signedInUser(ports, actor);
    const ok = user.passwordHash !== "" && (yield* call(() => ports.passwords.verify(user.passwordHash, input.currentPassword)));
    if (!ok) return yield* Effect.fail(new WrongPassword({ message: "La contraseña actual no es correcta" }));
    const hash = yield* call(() => ports.passwords.hash(input.newPassword));
    yield* call(() => ports.users.setPassword(user.id, hash));
    return user;
  });

/**
 * '¿Olvidaste tu contraseña?': a link for a known address, nothing for an unknown one. The caller
 * answers the same either way, so the form tells nobody who has an account.
 */
export const requestPasswordReset = (ports: AccountPorts, email: string) =>
  Effect.gen(function* () {
    const user = yield* call(() => ports.users.findByEmail(email));
    if (user) yield* sendLink(ports, user, "password-reset");
  });

const useLink = (ports: Pick<Ports, "accountTokens" | "ids" | "clock">, token: string, purpose: TokenPurpose) =>
  Effect.gen(function* () {
    const used = yield* call(() => ports.accountTokens.use(ports.ids.tokenHash(token), purpose, ports.clock.now()));
    if (used === undefined || used === "gone") return yield* Effect.fail(new AccountLinkGone({ message: LINK_GONE }));
    return used;
  });

/**
 * /restablecer/{token}: the new password, once per link. Following a mailed link proves the
 * address too. The caller ends every session of the user.
 */
export const completePasswordReset = (ports: Pick<Ports, "users" | "accountTokens" | "passwords" | "ids" | "clock">, token: string, password: string) =>
  Effect.gen(function* () {
    const used = yield* useLink(ports, token, "password-reset");
    const hash = yield* call(() => ports.passwords.hash(password));
    yield* call(() => ports.users.setPassword(used.userId, hash));
    yield* call(() => ports.users.confirmEmail(used.userId, used.email));
    return yield* callOr(() => ports.users.findById(used.userId), () => new AccountLinkGone({ message: LINK_GONE }));
  });

/** /verificar/{token}: confirms the address the link was sent to, while it is still the account's. */
export const verifyEmail = (ports: Pick<Ports, "users" | "accountTokens" | "ids" | "clock">, token: string) =>
  Effect.gen(function* () {
    const used = yield* useLink(ports, token, "verify-email");
    const confirmed = yield* call(() => ports.users.confirmEmail(used.userId, used.email));
    if (!confirmed) return yield* Effect.fail(new AccountLinkGone({ message: LINK_GONE }));
  });

/** 'Reenviar enlace': a new confirmation link to the signed-in player's address. */
export const resendVerification = (ports: AccountPorts, actor: Actor) =>
  Effect.gen(function* () {
    const user = yield* signedInUser(ports, actor);
    if (user.emailVerified) return yield* Effect.fail(new EmailAlreadyVerified({ message: "Tu correo ya está confirmado" }));
    yield* sendLink(ports, user, "verify-email");
  });

/** The desk's search as you type: players by name, username, email or phone. */
export const searchPlayers = (ports: Pick<Ports, "users">, actor: Actor, q: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const digits = q.replace(/\D/g, "").replace(/^0+/, "");
    return yield* call(() => ports.users.search(q.trim(), digits.length >= 3 ? digits : null, 20));
  });

/** A user name from a full name: "María José Peña" -> "maria.jose.pena-3f9a". */
const usernameFrom = (fullName: string, suffix: string): string => {
  const base =
    searchable(fullName)
      .replace(/[^a-z0-9]+/g, ".")
      .replace(/^\.+|\.+$/g, "")
      .slice(0, 24) || "jugador";
  return `${base}-${suffix}`;
};

/**
 * A walk-in at the desk: a player without a password (and maybe without an email), whom the desk
 * can book for. With an email they later claim the account by '¿Olvidaste tu contraseña?'.
 */
export const createWalkIn = (ports: Pick<Ports, "users" | "ids" | "clock" | "accounts">, actor: Actor, input: WalkInBody) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const phone = yield* phoneOf(ports, input.phone);
    for (let attempt = 0; attempt < 5; attempt++) {
      // the id's last hex digits (random in a UUID v7), more of them after each name taken
      const id = ports.ids.uuid();
      const saved = yield* call(() =>
        ports.users.insert({
          id,
          username: usernameFrom(input.fullName, id.replaceAll("-", "").slice(-(4 + attempt))),
          email: input.email ?? "",
          passwordHash: "",
          isAdmin: false,
          createdAt: ports.clock.now(),
          fullName: input.fullName,
          phone,
          emailVerified: false,
        }),
      );
      if (saved === "email-taken") return yield* Effect.fail(conflict(saved));
      if (typeof saved !== "string") return saved;
    }
    return yield* Effect.fail(conflict("username-taken"));
  });

const checkPassword = (password: string) =>
  password.length >= 10 && password.length <= 200
    ? Effect.void
    : Effect.fail(new InvalidInput({ field: "password", message: "La contraseña debe tener entre 10 y 200 caracteres" }));

/** Operators: a new admin account (CLI `courts admin create`). */
export const createAdmin = (
  ports: Pick<Ports, "users" | "passwords" | "ids" | "clock">,
  input: { username: string; email: string; password: string },
) =>
  Effect.gen(function* () {
    yield* checkPassword(input.password);
    const passwordHash = yield* call(() => ports.passwords.hash(input.password));
    const saved = yield* call(() =>
      ports.users.insert({
        id: ports.ids.uuid(),
        username: input.username.trim(),
        email: input.email.trim().toLowerCase(),
        passwordHash,
        isAdmin: true,
        createdAt: ports.clock.now(),
        fullName: null,
        phone: null,
        // an operator typed it at the server
        emailVerified: true,
      }),
    );
    if (typeof saved === "string") return yield* Effect.fail(conflict(saved));
    return saved;
  });

export const resetPassword = (ports: Pick<Ports, "users" | "passwords">, input: { username: string; password: string }) =>
  Effect.gen(function* () {
    yield* checkPassword(input.password);
    const user = yield* callOr(
      () => ports.users.findByUsername(input.username),
      () => new UserNotFound({ message: `No existe el usuario '${input.username}'` }),
    );
    const hash = yield* call(() => ports.passwords.hash(input.password));
    yield* call(() => ports.users.setPassword(user.id, hash));
    return user;
  });

/** ADMIN_USERNAME / ADMIN_PASSWORD at start: create that admin, or reset its password and role. */
export const ensureAdmin = (
  ports: Pick<Ports, "users" | "passwords" | "ids" | "clock">,
  input: { username: string; password: string; email?: string },
) =>
  Effect.gen(function* () {
    const existing = yield* call(() => ports.users.findByUsername(input.username));
    if (!existing) {
      const created = yield* createAdmin(ports, {
        username: input.username,
        email: input.email ?? `${input.username.toLowerCase()}@admin.local`,
        password: input.password,
      });
      return { user: created, created: true };
    }
    yield* resetPassword(ports, input);
    if (!existing.isAdmin) yield* call(() => ports.users.setAdmin(existing.id, true));
    return { user: { ...existing, isAdmin: true }, created: false };
  });
