import { timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServiceMetrics } from "../../observability/service-metrics.js";
import type { AppDeps } from "../deps.js";
import { routes } from "./route-plugin.js";

/**
 * The operator's endpoints (DESIGN.md section 19), outside the product's API document:
 * `/healthz` (the process answers), `/readyz` (send it traffic: the database answers, its
 * migrations are applied, the process is not stopping) and `/metrics` (Prometheus text, for the
 * holder of METRICS_TOKEN only).
 */
export interface ServiceRouteOptions {
  readonly readiness: AppDeps["readiness"];
  readonly metrics: ServiceMetrics;
  /** true once the server began to stop (SIGTERM): /readyz sends the proxy elsewhere */
  readonly stopping: () => boolean;
}

const NO_STORE = "no-store";

/** Whether the Authorization header carries exactly `Bearer <token>`, compared in constant time. */
const bearerMatches = (header: string | undefined, token: string): boolean => {
  const given = /^Bearer (\S+)$/i.exec(header ?? "")?.[1];
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const serviceRoutes = (options: ServiceRouteOptions) =>
  routes("service", async (app) => {
    const hidden = { schema: { hide: true } };
    app.get("/healthz", hidden, async (_request, reply) => {
      reply.header("cache-control", NO_STORE);
      return { status: "ok" };
    });

    app.get("/readyz", hidden, async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header("cache-control", NO_STORE);
      if (options.stopping()) return reply.code(503).send({ message: "El servidor se está deteniendo", code: "STOPPING" });
      const readiness = options.readiness ? await options.readiness() : { ready: true, checks: {} };
      if (readiness.ready) return { status: "ok", checks: readiness.checks };
      request.log.warn({ checks: readiness.checks }, "readyz: el servidor no está listo");
      const migrations = readiness.checks["migrations"];
      const message =
        readiness.checks["database"]?.ok === false
          ? "La base de datos no responde"
          : migrations?.ok === false
            ? "Faltan migraciones por aplicar en la base de datos (courts migrate)"
            : "El servidor no está listo";
      // the driver's own words (a host name, a port) stay in the log
      const checks = Object.fromEntries(Object.entries(readiness.checks).map(([name, { error: _error, ...check }]) => [name, check]));
      return reply.code(503).send({ message, code: "NOT_READY", checks });
    });

    app.get("/metrics", hidden, async (request, reply) => {
      reply.header("cache-control", NO_STORE);
      const token = app.httpConfig.metricsToken ?? null;
      // without a token there is no /metrics: the same answer as any unknown API path
      if (token === null) return reply.code(404).send({ message: "Ruta no encontrada", code: "NOT_FOUND" });
      if (!bearerMatches(request.headers.authorization, token))
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send({ message: "Las métricas piden el token de METRICS_TOKEN (Authorization: Bearer ...)", code: "METRICS_TOKEN_REQUIRED" });
      const text = await options.metrics.text();
      return reply.type(options.metrics.contentType).send(text);
    });
  });
