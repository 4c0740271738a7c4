// When web/dist is out of date: one rule for `npm start` (scripts/start.mjs), the browser tests
// and the Lighthouse script (tests/e2e/support/server.ts).
// The web bundles @courts/core from its TypeScript sources (web/vite.config.ts, "source"
// condition), so a change to core/src changes the screens as much as one to web/src does.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What a web build is made from, relative to the repository's root. */
export const WEB_BUILD_INPUTS = [
  "web/src",
  "web/public",
  "web/index.html",
  "web/vite.config.ts",
  "web/package.json",
  "core/src",
  "package-lock.json",
];

/** The newest modification time (ms) of a file or of any file under a folder; 0 when missing. */
export const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
};

/**
 * Whether the web build in `distDir` (default: the repository's web/dist) must be made again: its
 * index.html is missing, or one of WEB_BUILD_INPUTS changed after it was written (a pull, an edit).
 */
export const webBuildIsStale = (root, distDir = path.join(root, "web", "dist")) => {
  const index = path.join(distDir, "index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return WEB_BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
};
