import { HOUR_MS, MINUTE_MS } from "@courts/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpProblem } from "../error-mapping.js";
import type { RateLimitStore } from "../../limits/rate-limit-store.js";
import { windowStart } from "../../limits/rate-limit-store.js";

export const RATE_LIMIT_MESSAGE = "Demasiados intentos. Espera un minuto e inténtalo de nuevo.";
export const ACCOUNT_LIMIT_MESSAGE = "Demasiados intentos fallidos con esta cuenta. Espera 15 minutos o restablece tu contraseña.";
export const REGISTER_LIMIT_MESSAGE = "Demasiadas cuentas creadas desde esta dirección. Inténtalo de nuevo en una hora.";

/** the per-account login budget's window (DESIGN.md section 13) */
const ACCOUNT_WINDOW_MS = 15 * MINUTE_MS;

/** A 429 that says, in Retry-After, when the current window ends. */
export const rateLimited = (now = Date.now(), windowMs = MINUTE_MS, message = RATE_LIMIT_MESSAGE) =>
  new HttpProblem(429, "RATE_LIMITED", message, undefined, {
    "retry-after": String(Math.max(1, Math.ceil((windowStart(now, windowMs) + windowMs - now) / 1000))),
  });

/** One login attempt, counted before its password was checked. */
export interface LoginAttempt {
  /** the password was right: the attempt is given back, so a person who logs in often is never limited */
  succeeded(): Promise<void>;
}

/**
 * Login attempts, each taking a slot of every budget before its password is checked, so a
 * burst of simultaneous guesses evaluates at most the limit: per IP and user name, per IP
 * alone (password spraying: many names, one address) and per account from any address
 * (LOGIN_ACCOUNT_RATE_LIMIT per 15 minutes). A right password gives its slots back, and so
 * does an attempt refused; once a budget is used up, 429 before any password is checked.
 */
export interface LoginAttempts {
  /** throws 429 when a budget is used up; `username` as the client typed it */
  take(request: FastifyRequest, username: string): Promise<LoginAttempt>;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module "fastify" {
  interface FastifyInstance {
    loginAttempts: LoginAttempts;
    adminLoginAttempts: LoginAttempts;
    /**
     * After a password reset: the account's login budget starts again, and so does the
     * resetting address's budget for that user name, so the owner can log in at once.
     */
    restartLoginBudget(request: FastifyRequest, username: string): Promise<void>;
    /** route onRequest hook: registrations per IP and hour (REGISTER_RATE_LIMIT) */
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
  readonly loginAccountMax: number;
  readonly registerMax: number;
  readonly anonymousWriteMax: number;
}

// Keys never carry control characters (a NUL is refused by PostgreSQL's text type).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const clean = (text: string): string => text.replace(/[\u0000-\u001f\u007f]/g, "");

/** A user name as the users table finds it (trimmed, case-insensitive). */
const nameKey = (username: string): string => clean(username.trim().toLowerCase()).slice(0, 100);

interface Budget {
  readonly key: string;
  readonly max: number;
  readonly windowMs: number;
  readonly message: string;
}

const LOGIN_SCOPES = ["login", "admin-login"] as const;

export default fp<RateLimitOptions>(
  async (app, options) => {
    const { store } = options;
    // windows are keyed by instant and counted in the database by every process: on the one clock
    // they share (the database's on PostgreSQL), or two processes with skewed clocks count apart
    const ipKey = (scope: string, request: FastifyRequest) => `${scope}|${clean(request.ip)}`;
    const nameAtIpKey = (scope: string, request: FastifyRequest, name: string) => `${ipKey(scope, request)}|${name}`;
    // player and admin logins share the account's budget: both check the same password
    const accountKey = (name: string) => `login-account|${name}`;

    const attempts = (scope: (typeof LOGIN_SCOPES)[number]): LoginAttempts => ({
      async take(request, username) {
        const name = nameKey(username);
        const budgets: Budget[] = [
          { key: nameAtIpKey(scope, request, name), max: options.loginMax, windowMs: MINUTE_MS, message: RATE_LIMIT_MESSAGE },
          // player and admin logins share the per-IP count: one spray, one budget
          { key: ipKey("login-ip", request), max: options.loginIpMax, windowMs: MINUTE_MS, message: RATE_LIMIT_MESSAGE },
          { key: accountKey(name), max: options.loginAccountMax, windowMs: ACCOUNT_WINDOW_MS, message: ACCOUNT_LIMIT_MESSAGE },
        ];
        const now = app.ports.clock.now().getTime();
        const taken: Budget[] = [];
        const giveBack = () => Promise.all(taken.map((budget) => store.release(budget.key, budget.windowMs, now)));
        // one budget after the other: an attempt refused by one gives back what it took of the others
        for (const budget of budgets) {
          if (!(await store.hit(budget.key, budget.max, budget.windowMs, now))) {
            await giveBack();
            throw rateLimited(now, budget.windowMs, budget.message);
          }
          taken.push(budget);
        }
        return {
          async succeeded() {
            await giveBack();
          },
        };
      },
    });

    const perIp = (scope: string, max: number, windowMs: number, message: string, skip: (request: FastifyRequest) => boolean): Hook =>
      async (request) => {
        if (skip(request)) return;
        const now = app.ports.clock.now().getTime();
        if (!(await store.hit(ipKey(scope, request), max, windowMs, now))) throw rateLimited(now, windowMs, message);
      };

    app.decorate("perIpLimit", (scope: string, max: number) => perIp(scope, max, MINUTE_MS, RATE_LIMIT_MESSAGE, () => false));
    app.decorate("loginAttempts", attempts("login"));
    app.decorate("adminLoginAttempts", attempts("admin-login"));
    app.decorate("restartLoginBudget", async (request: FastifyRequest, username: string) => {
      const name = nameKey(username);
      await Promise.all([store.reset(accountKey(name)), ...LOGIN_SCOPES.map((scope) => store.reset(nameAtIpKey(scope, request, name)))]);
    });
    app.decorate("registrationLimit", perIp("register", options.registerMax, HOUR_MS, REGISTER_LIMIT_MESSAGE, () => false));
    app.decorate(
      "anonymousWriteLimit",
      perIp("anonymous-write", options.anonymousWriteMax, MINUTE_MS, RATE_LIMIT_MESSAGE, (request) => typeof request.session.userId === "string" || typeof request.session.adminId === "string"),
    );
  },
  { name: "courts-rate-limits", fastify: "5.x" },
);
