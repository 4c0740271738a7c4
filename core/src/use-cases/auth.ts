import * as Effect from "effect/Effect";
import type { User } from "../domain/entities.js";
import { EmailTaken, InvalidCredentials, InvalidInput, NotAuthenticated, UserNotFound, UsernameTaken } from "../domain/errors.js";
import type { Ports } from "../ports/index.js";
import type { UserConflict } from "../ports/user-repository.js";
import type { LoginBody, ProfileBody, RegisterBody } from "../schemas/requests.js";
import type { Actor } from "./support.js";
import { call, callOr, requireUser } from "./support.js";

const WRONG_CREDENTIALS = "Usuario o contraseña incorrectos";

const conflict = (c: UserConflict) =>
  c === "username-taken"
    ? new UsernameTaken({ message: "El nombre de usuario ya está en uso" })
    : new EmailTaken({ message: "El correo electrónico ya está registrado" });

/** A new player account; the caller logs it in. */
export const registerUser = (ports: Pick<Ports, "users" | "passwords" | "ids" | "clock">, input: RegisterBody) =>
  Effect.gen(function* () {
    const passwordHash = yield* call(() => ports.passwords.hash(input.password));
    const user: User = {
      id: ports.ids.uuid(),
      username: input.username,
      email: input.email,
      passwordHash,
      isAdmin: false,
      createdAt: ports.clock.now(),
    };
    const saved = yield* call(() => ports.users.insert(user));
    if (typeof saved === "string") return yield* Effect.fail(conflict(saved));
    return saved;
  });

/** Unknown users take as long as wrong passwords, so the answer tells nothing about who exists. */
const verifyCredentials = (ports: Pick<Ports, "users" | "passwords">, input: LoginBody) =>
  Effect.gen(function* () {
    const user = yield* call(() => ports.users.findByUsername(input.username));
    if (!user) {
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

export const getCurrentUser = (ports: Pick<Ports, "users">, actor: Actor) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const user = yield* callOr(() => ports.users.findById(userId), () => new NotAuthenticated({ message: "Debes iniciar sesión" }));
    return user;
  });

export const updateProfile = (ports: Pick<Ports, "users">, actor: Actor, input: ProfileBody) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const updated = yield* call(() => ports.users.updateProfile(userId, input));
    if (updated === undefined) return yield* Effect.fail(new NotAuthenticated({ message: "Debes iniciar sesión" }));
    if (typeof updated === "string") return yield* Effect.fail(conflict(updated));
    return updated;
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
