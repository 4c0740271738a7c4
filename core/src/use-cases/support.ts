import * as Effect from "effect/Effect";
import { NotAllowed, NotAuthenticated } from "../domain/errors.js";

/**
 * Who is asking. User and admin identities are separate sessions (SPEC.md: the admin check is
 * independent of the user session), so a request may carry either, both or neither.
 */
export interface Actor {
  readonly userId: string | null;
  readonly isAdmin: boolean;
}

export const GUEST: Actor = { userId: null, isAdmin: false };
export const asUser = (userId: string): Actor => ({ userId, isAdmin: false });
export const ADMIN: Actor = { userId: null, isAdmin: true };

/** A port call: its rejection is a defect (an unexpected failure), not a domain error. */
export const call = <A>(thunk: () => Promise<A>): Effect.Effect<A> => Effect.promise(thunk);

/** A port call whose empty answer (nothing found, nothing deleted) is the domain error `missing()`. */
export const callOr = <A, E>(thunk: () => Promise<A>, missing: () => E): Effect.Effect<Exclude<A, undefined | null | false>, E> =>
  Effect.flatMap(call(thunk), (answer) =>
    answer === undefined || answer === null || answer === false
      ? Effect.fail(missing())
      : Effect.succeed(answer as Exclude<A, undefined | null | false>),
  );

export const requireUser = (actor: Actor): Effect.Effect<string, NotAuthenticated> =>
  actor.userId === null
    ? Effect.fail(new NotAuthenticated({ message: "Debes iniciar sesión" }))
    : Effect.succeed(actor.userId);

export const requireAdmin = (actor: Actor): Effect.Effect<void, NotAuthenticated | NotAllowed> =>
  actor.isAdmin
    ? Effect.void
    : actor.userId === null
      ? Effect.fail(new NotAuthenticated({ message: "Debes iniciar sesión como administrador" }))
      : Effect.fail(new NotAllowed({ message: "Acceso solo para administradores" }));

/** A userId named in a body or path must be the caller's own, unless the caller is an admin. */
export const requireSelfOrAdmin = (
  actor: Actor,
  userId: string | undefined,
): Effect.Effect<void, NotAuthenticated | NotAllowed> => {
  if (actor.isAdmin) return Effect.void;
  if (actor.userId === null) return Effect.fail(new NotAuthenticated({ message: "Debes iniciar sesión" }));
  if (userId !== undefined && userId !== actor.userId)
    return Effect.fail(new NotAllowed({ message: "No puedes actuar sobre los datos de otro usuario" }));
  return Effect.void;
};
