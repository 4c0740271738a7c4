import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, defaultClientConditions, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a .br (brotli, quality 11) and a .gz (gzip -9) beside every text file of the build, so
 * the server sends the smallest form without compressing on each request (@fastify/static's
 * preCompressed). A variant that would not be smaller is not written.
 */
const precompress = (): Plugin => {
  let outDir = "dist";
  return {
    name: "courts-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
};

const ROUTER = fileURLToPath(new URL("./src/app/router.tsx", import.meta.url));
const BOOT = fileURLToPath(new URL("./src/boot.tsx", import.meta.url));
const SCREEN_ENTRY = /path: "([^"]+)",\s*Screen: screen\(\(\) => import\("([^"]+)"\)\)/g;

/**
 * Writes dist/route-preloads.json: for each path of app/router.tsx, the chunks (and stylesheets)
 * its screen needs beyond what index.html already loads. The server puts them in that path's
 * HTML as modulepreload links, so a phone fetches the screen's code with the main script instead
 * of after it (adapters/src/http/plugins/web.ts).
 */
const routePreloads = (): Plugin => ({
  name: "courts-route-preloads",
  apply: "build",
  generateBundle(_options, bundle) {
    const source = readFileSync(ROUTER, "utf8");
    const routeOf = new Map<string, string>();
    for (const [, route, specifier] of source.matchAll(SCREEN_ENTRY)) {
      routeOf.set(path.resolve(path.dirname(ROUTER), `${specifier}.tsx`), route!);
    }
    if (routeOf.size === 0) this.error(`no screen found in ${ROUTER}: see SCREEN_ENTRY`);
    const chunks = new Map(Object.values(bundle).flatMap((out) => (out.type === "chunk" ? [[out.fileName, out] as const] : [])));
    const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(fileName)) return seen;
      seen.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
      return seen;
    };
    const loaded = new Set([...chunks.values()].filter((c) => c.isEntry).flatMap((c) => [...closure(c.fileName)]));
    // src/boot.tsx (React, the layout, the router), which main.tsx imports after the first paint
    const boot = [...chunks.values()].find((c) => c.isDynamicEntry && c.facadeModuleId === BOOT);
    if (!boot) this.error(`no chunk found for ${BOOT}`);
    const preloads: Record<string, { modules: string[]; styles: string[] }> = {};
    const entry = (fileNames: readonly string[]) => {
      const files = [...new Set(fileNames.flatMap((fileName) => [...closure(fileName)]))].filter((file) => !loaded.has(file));
      return {
        modules: files.map((file) => `/${file}`),
        styles: files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)),
      };
    };
    // any other path (the not-found screen): the app itself
    preloads["*"] = entry([boot.fileName]);
    for (const chunk of chunks.values()) {
      const route = chunk.isDynamicEntry && chunk.facadeModuleId ? routeOf.get(chunk.facadeModuleId) : undefined;
      if (!route) continue;
      preloads[route] = entry([boot.fileName, chunk.fileName]);
    }
    const missing = [...routeOf.values()].filter((route) => !preloads[route]);
    if (missing.length) this.error(`no chunk found for ${missing.join(", ")}`);
    this.emitFile({ type: "asset", fileName: "route-preloads.json", source: `${JSON.stringify(preloads, null, 1)}\n` });
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(), precompress()],
  resolve: {
    // "source" first: @courts/core resolves to its TypeScript sources, so the web never
    // bundles a stale core build and the price shown comes from the same function the server runs.
    conditions: ["source", ...defaultClientConditions],
  },
  server: {
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  preview: {
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    rolldownOptions: {
      output: {
        // Every screen is its own chunk (app/router.tsx). What every screen needs is split by how
        // often it changes: React and the router change with a dependency upgrade only, so a
        // release that changes the app's code leaves them in the browser's cache.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Radix's building blocks under the tabs, switches, menus and dialogs: one chunk,
            // not seven of 1-20 kB that a screen with a dialog asks for one by one
            {
              name: "radix",
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(primitive|context|use-layout-effect|use-effect-event|use-controllable-state|presence|use-callback-ref|direction|use-is-hydrated|roving-focus|collection|id|use-size|use-previous))[\\/]/,
              priority: 1,
            },
            { name: "router", test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 1 },
            // the app's logic (API calls, formats, core rules), the small pieces of screens (cards,
            // pages, prices, slot rules: 1-2 kB each) and small libraries that two screens or more
            // use: one chunk, not twenty requests of a few hundred bytes each on a phone's slow
            // connection (the booking screen asked for 21 modules, now 8). Other components stay
            // with their screens: a dialog would bring Radix along, and so do the request Schemas
            // the forms check with (effect's Schema is 160 kB: home, venue and booking have no form
            // that needs it). use-checked-form goes with them: it imports request-schema, and in
            // "common" it would make the two chunks import each other (a value read before it is set).
            {
              name: "common",
              test: /[\\/]web[\\/]src[\\/](lib[\\/](?!request-schema|use-checked-form)|config[\\/]|types[\\/]|features[\\/][^\\/]+[\\/]api[\\/]|components[\\/]ui[\\/](card|empty-state|page|spinner|badge|smart-image|choice-cards)\.|features[\\/]auth[\\/]components[\\/]require-user\.|features[\\/]bookings[\\/](slot-rules|booking-texts)\.|features[\\/]venues[\\/]prices\.)|[\\/]core[\\/]src[\\/](?!schemas[\\/]|contract[\\/]|ports[\\/])|node_modules[\\/](lucide-react|date-fns|swr|dequal|use-sync-external-store|clsx|tailwind-merge)[\\/]/,
              minShareCount: 2,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
