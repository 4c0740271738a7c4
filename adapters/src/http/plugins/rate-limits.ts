import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpProblem } from "../error-mapping.js";
import type { RateLimitStore } from "../../limits/rate-limit-store.js";
import { windowStart } from "../../limits/rate-limit-store.js";

export const RATE_LIMIT_MESSAGE = "Demasiados intentos. Espera un minuto e inténtalo de nuevo.";
const WINDOW_MS = 60_000;

/** A 429 that says, in Retry-After, when the current window ends. */
export const rateLimited = (now = Date.now()) =>
  new HttpProblem(429, "RATE_LIMITED", RATE_LIMIT_MESSAGE, undefined, {
    "retry-after": String(Math.max(1, Math.ceil((windowStart(now, WINDOW_MS) + WINDOW_MS - now) / 1000))),
  });

/**
 * Failed logins, counted per IP and user name and per IP alone (password spraying: many names,
 * one address). Successes cost nothing; once either count is used up in the minute, 429.
 */
export interface LoginAttempts {
  /** throws 429 once the key has used up its failures in the window */
  assertAllowed(request: FastifyRequest): Promise<void>;
  recordFailure(request: FastifyRequest): Promise<void>;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module "fastify" {
  interface FastifyInstance {
    loginAttempts: LoginAttempts;
    adminLoginAttempts: LoginAttempts;
    /** route onRequest hook: registrations per IP (REGISTER_RATE_LIMIT) */
    registrationLimit: Hook;
    /**
     * route onRequest hook: writes without a player or admin session, per IP
     * (ANONYMOUS_WRITE_RATE_LIMIT). Runs before the body is read.
     */
    anonymousWriteLimit: Hook;
    /** a route onRequest hook allowing `max` requests a minute per IP, counted under `scope` */
    perIpLimit(scope: string, max: number): Hook;
  }
}

export interface RateLimitOptions {
  readonly store: RateLimitStore;
  readonly loginMax: number;
  readonly loginIpMax: number;
  readonly registerMax: number;
  readonly anonymousWriteMax: number;
}

// Keys never carry control characters (a NUL is refused by PostgreSQL's text type).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const clean = (text: string): string => text.replace(/[\u0000-\u001f\u007f]/g, "");

const usernameOf = (request: FastifyRequest): string => {
  const body = request.body;
  const name = typeof body === "object" && body !== null ? (body as Record<string, unknown>).username : undefined;
  return typeof name === "string" ? clean(name.trim().toLowerCase()).slice(0, 100) : "";
};

export default fp<RateLimitOptions>(
  async (app, options) => {
    const { store } = options;
    const ipKey = (scope: string, request: FastifyRequest) => `${scope}|${clean(request.ip)}`;

    const attempts = (scope: string): LoginAttempts => ({
      async assertAllowed(request) {
        const now = Date.now();
        const [byName, byIp] = await Promise.all([
          store.count(`${ipKey(scope, request)}|${usernameOf(request)}`, WINDOW_MS, now),
          store.count(ipKey("login-ip", request), WINDOW_MS, now),
        ]);
        if (byName >= options.loginMax || byIp >= options.loginIpMax) throw rateLimited(now);
      },
      async recordFailure(request) {
        const now = Date.now();
        await Promise.all([
          store.hit(`${ipKey(scope, request)}|${usernameOf(request)}`, options.loginMax, WINDOW_MS, now),
          // player and admin logins share the per-IP count: one spray, one budget
          store.hit(ipKey("login-ip", request), options.loginIpMax, WINDOW_MS, now),
        ]);
      },
    });

    const perIp = (scope: string, max: number, skip: (request: FastifyRequest) => boolean): Hook =>
      async (request) => {
        if (skip(request)) return;
        const now = Date.now();
        if (!(await store.hit(ipKey(scope, request), max, WINDOW_MS, now))) throw rateLimited(now);
      };

    app.decorate("perIpLimit", (scope: string, max: number) => perIp(scope, max, () => false));
    app.decorate("loginAttempts", attempts("login"));
    app.decorate("adminLoginAttempts", attempts("admin-login"));
    app.decorate("registrationLimit", perIp("register", options.registerMax, () => false));
    app.decorate(
      "anonymousWriteLimit",
      perIp("anonymous-write", options.anonymousWriteMax, (request) => typeof request.session.userId === "string" || typeof request.session.adminId === "string"),
    );
  },
  { name: "courts-rate-limits", fastify: "5.x" },
);
