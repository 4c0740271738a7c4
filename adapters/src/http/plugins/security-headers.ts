import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { isApiPath } from "../plain-page.js";

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
 * What an API answer needs of helmet (OWASP's REST Security Cheat Sheet): a JSON, CSV, PDF or image
 * answer is never a page, so the headers that only mean something to a document (its own CSP of
 * scripts and styles, DNS prefetch, download options, cross-domain policies, the XSS auditor,
 * origin-agent clusters, the opener policy) are left out, and its CSP allows nothing at all. HSTS,
 * when on, as for the pages.
 */
const apiHelmetOptions = (options: HelmetOptions): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: "same-origin" },
  originAgentCluster: false,
  referrerPolicy: { policy: "no-referrer" },
  strictTransportSecurity: options.hsts ?? options.strictTransportSecurity ?? true,
  xContentTypeOptions: true,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: "deny" },
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
});

/** The API's answers (the paths web.ts answers in JSON) except its documentation pages (/api/docs), which are pages. */
const isApiAnswer = (url: string): boolean => isApiPath(url) && !url.startsWith("/api/docs");

/** The headers every answer carries from its first moment: set before any route or hook decides anything. */
export type AnswerStamp = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * An answer's request id (`x-request-id`, the id of its log line) and helmet's security headers:
 * the pages' set (CSP, frame, referrer, content type, cross-origin policies, HSTS on https) on
 * static files, the web app and the API documentation, and a shorter, stricter set on the API's
 * answers, errors included (apiHelmetOptions: six fewer headers, and a CSP of 44 bytes instead of
 * 280 to check and send with each). A route may replace one with reply.header (the API docs set
 * their own CSP). Worked out once, for the onRequest hook below and for the answers Fastify gives
 * before any hook runs (build-app.ts, `frameworkErrors`).
 */
export const answerStamp = (options: HelmetOptions): AnswerStamp => {
  const pages = helmetHeaders(options);
  const api = helmetHeaders(apiHelmetOptions(options));
  return (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.headers(isApiAnswer(request.url) ? api : pages);
  };
};

/** `stamp` on every answer, as soon as its request arrives. */
export default fp<{ stamp: AnswerStamp }>(
  async (app, { stamp }) => {
    app.addHook("onRequest", (request, reply, done) => {
      stamp(request, reply);
      done();
    });
  },
  { name: "courts-security-headers", fastify: "5.x" },
);
