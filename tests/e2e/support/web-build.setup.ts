import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { CHROMIUM } from "./browser.js";
import { ensureWebBuild } from "./server.js";

/**
 * Vitest's global setup of the browser files, before any of them starts: web/dist is built when it is
 * missing, and the current sources are built once into a temporary folder when web/dist is older than
 * them (ensureWebBuild). Every file serves that one build (shared-web.ts).
 */
export default function setup(project: TestProject): (() => void) | undefined {
  if (!existsSync(CHROMIUM)) return undefined;
  const web = ensureWebBuild();
  project.provide("webDist", web.webDist);
  return web.cleanup;
}
