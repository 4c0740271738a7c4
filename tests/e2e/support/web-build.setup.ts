import { existsSync } from "node:fs";
import { CHROMIUM } from "./browser.js";
import { buildWebWhenMissing } from "./server.js";

/** Vitest's global setup of the browser files: web/dist is built once, before any of them starts. */
export default function setup(): void {
  if (existsSync(CHROMIUM)) buildWebWhenMissing();
}
