import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "courts.sid";
export const SESSION_MAX_AGE_MS = 7 * 24 * 3_600_000;

type Identity = "userId" | "adminId";
const other = (identity: Identity): Identity => (identity === "userId" ? "adminId" : "userId");

/**
 * A new session id at every login (no fixation) holding only the identity that logged in:
 * whatever the cookie carried before, a player planted by someone else included, is gone.
 */
export const logIn = async (request: FastifyRequest, identity: Identity, id: string): Promise<void> => {
  await request.session.regenerate();
  request.session[identity] = id;
};

/**
 * Ends one identity: the whole session when it was the only one, else a fresh session with the
 * other (a session saved before logins replaced identities may still hold both).
 */
export const logOut = async (request: FastifyRequest, reply: FastifyReply, identity: Identity): Promise<void> => {
  const keep = other(identity);
  if (request.session[keep] !== undefined) {
    await request.session.regenerate([keep]);
    return;
  }
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
};
