import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Option from "effect/Option";
import type { DomainError } from "@courts/core";

/**
 * Runs a use case. A domain failure is thrown as itself (the error handler maps its tag);
 * a defect (a port that threw, a bug) is thrown as an Error and becomes a 500.
 */
export const run = async <A, E extends DomainError>(effect: Effect.Effect<A, E>): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.failureOption(exit.cause);
  if (Option.isSome(failure)) throw failure.value;
  const defect = Cause.squash(exit.cause);
  throw defect instanceof Error ? defect : new Error(Cause.pretty(exit.cause));
};
