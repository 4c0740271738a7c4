import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpProblem } from "../error-mapping.js";

export const FORBIDDEN_ORIGIN = { message: "Origen no permitido", code: "FORBIDDEN_ORIGIN" } as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `scheme://host[:port]` as browsers write an Origin (default ports dropped), or null when it is not one. */
const originOf = (text: string): string | null => {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
};

export interface OriginCheckOptions {
  /** PUBLIC_URL: behind a proxy, the address people use may not be the Host the server sees */
  readonly publicUrl: string;
}

/**
 * Cross-site writes are refused (DESIGN.md section 13): a POST, PUT, PATCH or DELETE whose
 * `Origin` is neither PUBLIC_URL's origin nor the request's own host answers 403 before its
 * body is read, whatever cookie it carries. SameSite=Lax keeps the session cookie off most
 * cross-site writes; this also covers a sibling subdomain (same site, other origin) and old
 * browsers. A request without Origin (curl, the CLI, Stripe's webhook, a same-origin form in
 * some browsers) passes: what it could do, it could do without a browser.
 */
export default fp<OriginCheckOptions>(
  async (app, options) => {
    const publicOrigin = originOf(options.publicUrl);
    const allowed = (origin: string, request: FastifyRequest): boolean => {
      const given = originOf(origin);
      if (given === null) return false;
      if (given === publicOrigin) return true;
      // the request's own host, over either scheme (TLS may end at a proxy that keeps Host)
      const host = request.host;
      return given === originOf(`http://${host}`) || given === originOf(`https://${host}`);
    };
    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      if (!allowed(origin, request)) throw new HttpProblem(403, FORBIDDEN_ORIGIN.code, FORBIDDEN_ORIGIN.message);
    });
  },
  { name: "courts-origin-check", fastify: "5.x" },
);
