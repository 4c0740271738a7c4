import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import * as Effect from "effect/Effect";
import { DEFAULT_CLUB_NAME, getVenue, imageSrc, localDateOf } from "@courts/core";
import { escapeHtml } from "../../mail/html.js";
import { isApiPath, plainPage } from "../plain-page.js";

const notBuilt = (clubName: string) =>
  plainPage(
    escapeHtml(clubName),
    "<h1>La aplicación web no está compilada</h1>" +
      '<p>El servidor y la API funcionan (<a href="/api/docs">documentación de la API</a>), pero falta la web.</p>' +
      "<p>Compílala con <code>npm run build -w @courts/web</code> o arranca con <code>npm start</code>, que la compila si falta.</p>",
  );

/** dist/route-preloads.json (web/vite.config.ts): per client route, the chunks its screen needs. */
type RoutePreloads = Record<string, { modules?: string[]; styles?: string[] }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** "/venue/:venueId" matches "/venue/abc" (and "/venue/abc/"), never "/venue/abc/calendar". */
const routeMatches = (route: string, pathname: string) =>
  new RegExp(`^${route.split("/").map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}/?$`).test(pathname);

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

    const preloadsFile = path.join(options.webDist, "route-preloads.json");
    const readPreloads = async (): Promise<RoutePreloads> => {
      try {
        return JSON.parse(await readFile(preloadsFile, "utf8")) as RoutePreloads;
      } catch {
        return {}; // an older build without the file: the screen's code loads after the main script
      }
    };

    /**
     * The links that let a phone fetch, together with the main script, what the screen at
     * `pathname` needs next: its chunks and its stylesheet (otherwise asked for only once the main
     * script has run).
     */
    const preloadLinks = async (pathname: string): Promise<string> => {
      const preloads = await readPreloads();
      // "*": any other path (the not-found screen) still needs the app itself
      const route = Object.keys(preloads).find((candidate) => candidate !== "*" && routeMatches(candidate, pathname)) ?? (preloads["*"] ? "*" : undefined);
      if (!route) return "";
      return [
        // crossorigin as Vite's loader asks for the stylesheet: a preload in another credentials mode goes unused
        ...(preloads[route]?.styles ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`),
        ...(preloads[route]?.modules ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
      ].join("\n    ");
    };

    /**
     * A screen's first paint, put inside #root before the script runs (web/public/*-shell.html, the
     * markup the screen renders first): home's headline, a venue's hero with its cover picture, a
     * court's booking heading (to a browser with a session: a guest is sent to /login). The
     * fields are escaped; a venue or court that does not exist gets the empty page (its screen
     * says so). Files are read per request, so a rebuilt web is served at once.
     */
    const shell = async (request: FastifyRequest, pathname: string): Promise<string | undefined> => {
      const fill = async (name: string, fields: Record<string, string> = {}) => {
        const file = path.join(options.webDist, `${name}-shell.html`);
        if (!existsSync(file)) return undefined;
        const template = (await readFile(file, "utf8")).replace(/<!--[\s\S]*?-->/g, "").trim();
        return template.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => escapeHtml(fields[key] ?? ""));
      };
      if (pathname === "/") return fill("home");
      const venueId = /^\/venue\/([^/]+)\/?$/.exec(pathname)?.[1]?.toLowerCase();
      if (venueId && UUID.test(venueId)) {
        const venue = await Effect.runPromise(getVenue(app.ports, venueId)).catch(() => undefined);
        const image = venue ? imageSrc(venue) : undefined;
        // no picture (the fallback is the screen's own asset) or an inline one (too big to repeat)
        if (!venue || !image || image.startsWith("data:")) return undefined;
        const courts = venue.courtCount;
        return fill("venue", {
          id: venue.id,
          image,
          name: venue.name,
          description: venue.description || "Complejo Deportivo de Tenis",
          location: venue.location,
          courts: `${courts} ${courts === 1 ? "cancha" : "canchas"}`,
        });
      }
      const courtId = /^\/booking\/([^/]+)\/?$/.exec(pathname)?.[1]?.toLowerCase();
      if (courtId && UUID.test(courtId) && typeof request.session.userId === "string") {
        const court = await app.ports.courts.findById(courtId).catch(() => undefined);
        if (!court) return undefined;
        return fill("booking", { venueId: court.venueId, name: court.name, number: String(court.courtNumber) });
      }
      return undefined;
    };

    /**
     * The club's date as GET /api/config gives it: the venue and booking screens ask for a court's
     * day with it at once, instead of after that answer (one round trip less on a phone).
     */
    const clubToday = () => `<meta name="club-today" content="${localDateOf(app.ports.clock.now(), app.httpConfig.timeZone)}">`;

    /**
     * The club's name (CLUB_NAME) for the script to read at once (web/src/config/app.ts), so the top
     * bar never shows another brand first; and in the tab before the script runs: the built page's
     * title names the default brand, replaced by the club's.
     */
    const clubName = escapeHtml(app.httpConfig.clubName);
    const clubNameMeta = `<meta name="club-name" content="${clubName}">`;
    const branded = (index: string) =>
      clubName === DEFAULT_CLUB_NAME ? index : index.replace(/<title>[^<]*<\/title>/, (title) => title.replace(DEFAULT_CLUB_NAME, () => clubName));

    /** index.html for a screen: the club's name, its preload links and the club's date in the head, its first paint in #root. */
    const page = async (request: FastifyRequest, pathname: string) => {
      const [index, links, body] = await Promise.all([readFile(indexFile, "utf8"), preloadLinks(pathname), shell(request, pathname)]);
      const head = branded(index).replace("</head>", () => `  ${[clubNameMeta, clubToday(), links].filter(Boolean).join("\n    ")}\n  </head>`);
      return body ? head.replace('<div id="root"></div>', `<div id="root">${body}</div>`) : head;
    };

    if (built) {
      // "/" is fastify-static's index: answered here first so it gets home's first paint
      app.get("/", { schema: { hide: true } }, async (request, reply) =>
        reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(await page(request, "/")),
      );
    }

    const spa = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isApiPath(request.url)) {
        return reply.code(404).header("cache-control", "no-store").send({ message: "Ruta no encontrada", code: "NOT_FOUND" });
      }
      const pathname = request.url.split("?", 1)[0] ?? "/";
      // a missing file (a stale asset name) is a 404, not the app's page
      if (request.method !== "GET" && request.method !== "HEAD" || /\.[A-Za-z0-9]+$/.test(pathname)) {
        return reply.code(404).send({ message: "Ruta no encontrada", code: "NOT_FOUND" });
      }
      if (!built) return reply.code(503).type("text/html; charset=utf-8").header("cache-control", "no-store").send(notBuilt(app.httpConfig.clubName));
      reply.header("cache-control", "no-cache");
      if (request.method === "GET") return reply.type("text/html; charset=utf-8").send(await page(request, pathname));
      return reply.sendFile("index.html");
    };
    app.setNotFoundHandler(spa);
  },
  { name: "courts-web", fastify: "5.x", dependencies: ["courts-errors"] },
);
