import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import "../augment.js";

/** A route plugin: named, encapsulated, and declaring what it needs (STYLE.md, fastify/demo). */
export const routes = (name: string, register: (app: FastifyInstance) => Promise<void>, dependencies: string[] = []) =>
  fp(register, {
    name: `courts-routes-${name}`,
    fastify: "5.x",
    encapsulate: true,
    dependencies: ["courts-ports", "courts-errors", "courts-json-body", ...dependencies],
  });

/** Public reads: the browser may keep them but asks again every time (a new booking shows at once). */
export const PUBLIC_READ = "no-cache";
/** A person's own data: never kept by shared caches. */
export const PRIVATE = "private, no-store";

/** A JSON answer sent as ready text (the catalogue read model) rather than serialized by Fastify. */
export const JSON_TYPE = "application/json; charset=utf-8";
