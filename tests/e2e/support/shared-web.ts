import { inject } from "vitest";
import type { WebBuild } from "./server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** the web build every browser file serves (web-build.setup.ts) */
    webDist: string;
  }
}

/**
 * The web build the browser files' global setup chose: web/dist, or one build of the current sources
 * in a temporary folder when web/dist is older than them. One for the whole run, not one per file;
 * the global setup removes a temporary one at the end.
 */
export const sharedWebBuild = (): WebBuild => ({ webDist: inject("webDist"), cleanup: () => undefined });
