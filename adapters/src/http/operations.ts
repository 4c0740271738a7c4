import type { FastifyInstance, RouteOptions } from "fastify";
import { adminOnly, signedIn } from "./guards.js";

/** The OpenAPI name of the session cookie's security scheme. */
export const SESSION_SCHEME = "session";

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path, for clients generated from /api/docs/json:
 * `GET /api/courts/:id/bookings` is `getCourtsByIdBookings`.
 */
export const operationIdOf = (method: string, url: string): string => {
  const parts = url
    .replace(/^\/api\//, "/")
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => (segment.startsWith(":") ? `By${words(segment).map(capital).join("")}` : words(segment).map(capital).join("")));
  return method.toLowerCase() + parts.join("");
};

const guards = (route: RouteOptions) => [route.preHandler ?? []].flat();

/**
 * Every operation gets an operationId, and the ones behind a session guard declare the session
 * cookie, so that the document alone says which calls need a login. Routes may set both
 * themselves; what they set wins.
 */
export const describeOperations = (app: FastifyInstance): void => {
  app.addHook("onRoute", (route) => {
    const method = [route.method].flat()[0];
    if (method === undefined || method === "HEAD" || route.schema?.hide === true) return;
    const schema = { ...route.schema };
    schema.operationId ??= operationIdOf(method, route.url);
    const guarded = guards(route).some((guard) => guard === adminOnly || guard === signedIn);
    if (guarded) schema.security ??= [{ [SESSION_SCHEME]: [] }];
    route.schema = schema;
  });
};
