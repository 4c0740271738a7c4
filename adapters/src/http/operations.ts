import type { FastifyInstance, RouteOptions } from "fastify";
import { adminOnly, signedIn } from "./guards.js";
import { problem } from "./openapi.js";

/** The OpenAPI name of the session cookie's security scheme. */
export const SESSION_SCHEME = "session";
/** What an operation that needs a session declares (guarded routes get it from their guard). */
export const SESSION_SECURITY = [{ [SESSION_SCHEME]: [] }];

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

const guards = (route: RouteOptions) => [route.onRequest ?? [], route.preHandler ?? []].flat();

/**
 * The error answers every operation of a kind can give, all with the Problem schema: 400 for
 * anything with path parameters, a query or a body (413 and 415 too for a body), 401 and 403 for
 * the ones behind a session, 404 for a path with an id, 503 when the database (or, for payments,
 * the card provider) does not answer. Routes add their own (409, 410, 429 behind a rate limit,
 * ...) with `problems(...)`.
 */
const genericProblems = (route: RouteOptions, method: string, secured: boolean): number[] => {
  const schema = route.schema ?? {};
  const hasBody = schema.body !== undefined || schema.consumes !== undefined || ["POST", "PUT", "PATCH"].includes(method);
  const statuses = [503];
  if (schema.params !== undefined || schema.querystring !== undefined || route.url.includes(":") || hasBody) statuses.push(400);
  if (hasBody) statuses.push(413, 415);
  if (secured) statuses.push(401, 403);
  if (route.url.includes(":")) statuses.push(404);
  return statuses;
};

/**
 * Every operation gets an operationId, the ones behind a session guard declare the session
 * cookie (so that the document alone says which calls need a login), and every one documents
 * its error answers. Routes may set all of it themselves; what they set wins.
 */
export const describeOperations = (app: FastifyInstance): void => {
  app.addHook("onRoute", (route) => {
    const method = [route.method].flat()[0];
    if (method === undefined || method === "HEAD" || route.schema?.hide === true) return;
    const schema = { ...route.schema };
    schema.operationId ??= operationIdOf(method, route.url);
    const guarded = guards(route).some((guard) => guard === adminOnly || guard === signedIn);
    if (guarded) schema.security ??= SESSION_SECURITY;
    const secured = Array.isArray(schema.security) && schema.security.length > 0;
    const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
    for (const status of genericProblems(route, method, secured)) response[status] ??= problem(status);
    schema.response = response;
    route.schema = schema;
  });
};
