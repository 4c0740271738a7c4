import type { FastifyRequest } from "fastify";
import * as Effect from "effect/Effect";
import { requireAdmin, requireUser } from "@courts/core";
import { actorOf } from "./actor.js";
import { run } from "./run.js";

/**
 * Checked before the body is read, so a guest learns nothing about a call's input rules.
 * The use cases check again (they are the authority); these only answer earlier.
 */
export const adminOnly = async (request: FastifyRequest): Promise<void> => {
  await run(requireAdmin(actorOf(request)));
};

/** A player session, or an admin acting for one. */
export const signedIn = async (request: FastifyRequest): Promise<void> => {
  const actor = actorOf(request);
  if (!actor.isAdmin) await run(Effect.asVoid(requireUser(actor)));
};
