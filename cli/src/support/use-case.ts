import * as Effect from "effect/Effect";
import * as Either from "effect/Either";
import { CliError, EXIT_FAILURE } from "./failures.js";

interface TaggedFailure {
  readonly _tag: string;
  readonly message: string;
}

/**
 * Runs a core use case. Its typed failure becomes a CliError carrying the Spanish message the
 * use case wrote; a defect (a port that threw) stays an unexpected error.
 */
export const runUseCase = async <A, E extends TaggedFailure>(effect: Effect.Effect<A, E>): Promise<A> => {
  const result = await Effect.runPromise(Effect.either(effect));
  if (Either.isLeft(result)) throw new CliError(result.left.message, EXIT_FAILURE, result.left._tag);
  return result.right;
};
