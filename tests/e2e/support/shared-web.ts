import { inject } from "vitest";
declare module "vitest" {
  export interface ProvidedContext {
    /** the web build every browser file serves (web-build.setup.ts) */
    webDist: string;
  }
}

/**
 * The folder of the web build the browser files' global setup chose, for the server's WEB_DIST:
 * web/dist, or one build of the current sources in a temporary folder when web/dist is older than
 * them. One for the whole run, not one per file; the global setup removes a temporary one at the end.
 */
export const sharedWebDist = (): string => inject("webDist");
