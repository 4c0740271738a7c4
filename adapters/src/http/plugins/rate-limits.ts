import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpProblem } from "../error-mapping.js";

export const RATE_LIMIT_MESSAGE = "Demasiados intentos. Espera un minuto e inténtalo de nuevo.";
const WINDOW_MS = 60_000;

export const rateLimited = () => new HttpProblem(429, "RATE_LIMITED", RATE_LIMIT_MESSAGE);

/** Failed logins counted per IP and user name: successes cost nothing, the 6th failure-in-a-minute is refused. */
export interface LoginAttempts {
  /** throws 429 once the key has used up its failures in the window */
  assertAllowed(request: FastifyRequest): Promise<void>;
  recordFailure(request: FastifyRequest): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    loginAttempts: LoginAttempts;
    adminLoginAttempts: LoginAttempts;
  }
}

const usernameOf = (request: FastifyRequest): string => {
  const body = request.body;
  const name = typeof body === "object" && body !== null ? (body as Record<string, unknown>).username : undefined;
  return typeof name === "string" ? name.trim().toLowerCase().slice(0, 100) : "";
};

export default fp<{ loginMax: number }>(
  async (app, options) => {
    const attempts = (scope: string): LoginAttempts => {
      const limiter = app.createRateLimit({
        max: options.loginMax,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `${scope}|${request.ip}|${usernameOf(request)}`,
      });
      return {
        async assertAllowed(request) {
          const state = await limiter(request, { increment: false });
          if (!state.isAllowed && state.remaining <= 0) throw rateLimited();
        },
        async recordFailure(request) {
          await limiter(request);
        },
      };
    };
    app.decorate("loginAttempts", attempts("login"));
    app.decorate("adminLoginAttempts", attempts("admin-login"));
  },
  { name: "courts-rate-limits", fastify: "5.x", dependencies: ["@fastify/rate-limit"] },
);

/** Route config for a plain per-IP limit (register). */
export const perIpLimit = (max: number) => ({
  max,
  timeWindow: WINDOW_MS,
  keyGenerator: (request: FastifyRequest) => request.ip,
  errorResponseBuilder: () => rateLimited(),
});
