import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

const NOT_BUILT = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Reserva de canchas</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>La aplicación web no está compilada</h1>
<p>El servidor y la API funcionan (<a href="/api/docs">documentación de la API</a>), pero falta la web.</p>
<p>Compílala con <code>npm run build -w @courts/web</code> o arranca con <code>npm start</code>, que la compila si falta.</p>
</body></html>
`;

const isApi = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/**
 * The built web app (web/dist) with history fallback: any GET that is not an API call and not
 * a file answers index.html, so the client router shows the screen (or its 404 page).
 * Unknown /api paths answer the JSON 404 of docs/API.md.
 */
export default fp<{ webDist: string }>(
  async (app, options) => {
    const indexFile = path.join(options.webDist, "index.html");
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: options.webDist,
        prefix: "/",
        wildcard: true,
        index: ["index.html"],
        cacheControl: false,
        // web/dist holds .br and .gz siblings made at build time (web/precompress.ts)
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          // Vite fingerprints everything under assets/: it never changes under the same name.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }

    // "/" gets index.html with the home screen's first paint inside #root (web/public/home-shell.html):
    // the headline paints before the script runs, which is most of a phone's wait. Read per request,
    // so a rebuilt web (new asset names) is served at once.
    const shellFile = path.join(options.webDist, "home-shell.html");
    if (built && existsSync(shellFile)) {
      app.get("/", { schema: { hide: true } }, async (_request, reply) => {
        const [index, shell] = await Promise.all([readFile(indexFile, "utf8"), readFile(shellFile, "utf8")]);
        const body = shell.replace(/<!--[\s\S]*?-->/g, "").trim();
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-cache")
          .send(index.replace('<div id="root"></div>', `<div id="root">${body}</div>`));
      });
    }

    const spa = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isApi(request.url)) {
        return reply.code(404).header("cache-control", "no-store").send({ message: "Ruta no encontrada", code: "NOT_FOUND" });
      }
      const pathname = request.url.split("?", 1)[0] ?? "/";
      // a missing file (a stale asset name) is a 404, not the app's page
      if (request.method !== "GET" && request.method !== "HEAD" || /\.[A-Za-z0-9]+$/.test(pathname)) {
        return reply.code(404).send({ message: "Ruta no encontrada", code: "NOT_FOUND" });
      }
      if (!built) return reply.code(503).type("text/html; charset=utf-8").header("cache-control", "no-store").send(NOT_BUILT);
      reply.header("cache-control", "no-cache");
      return reply.sendFile("index.html");
    };
    app.setNotFoundHandler(spa);
  },
  { name: "courts-web", fastify: "5.x", dependencies: ["courts-errors"] },
);
