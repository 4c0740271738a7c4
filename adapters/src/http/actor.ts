import type { FastifyRequest } from "fastify";
import type { Actor } from "@courts/core";

/** Who is asking, from the session: the player and admin identities are independent. */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.session.userId ?? null,
  isAdmin: typeof request.session.adminId === "string",
});
