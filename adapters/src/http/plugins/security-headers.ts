import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet's middleware sets with `options`, worked out once. Every option of this app
 * is a constant (no per-request CSP nonce, no directive computed from the request), so helmet
 * would set the same headers on every answer; @fastify/helmet builds the whole middleware again
 * for each request (its directives parsed and checked every time), about a tenth of the CPU of a
 * small answer (`npm run bench`).
 */
export const helmetHeaders = (options: HelmetOptions): Readonly<Record<string, string>> => {
  const headers = new Map<string, string>();
  let failure: unknown;
  const response = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== "string" && typeof value !== "number") throw new Error(`helmet set ${name} to a value that is not text`);
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // no request property is read by helmet's middlewares when no directive is a function
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
};

/**
 * helmet's security headers (CSP, frame, referrer, content type, cross-origin policies, HSTS on
 * https) on every answer: static files, API answers, errors and 404s. A route may replace one
 * with reply.header (the API docs set their own CSP).
 */
export default fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const headers = helmetHeaders(options.helmet);
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: "courts-security-headers", fastify: "5.x" },
);
