import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources ("source" export condition),
// so tests never run against a stale build.
const conditions = ["source"];

const WEB_TESTS = ["web/src/**/*.test.tsx", "web/src/**/*.test.ts"];
/** the web test files that call vi.mock (see the "web-module-mocks" project) */
const WEB_TESTS_WITH_MODULE_MOCKS = [
  "web/src/app/preload-screen.test.ts",
  "web/src/app/routes/venue.test.tsx",
  "web/src/features/bookings/components/booking-date-picker.test.tsx",
];

/**
 * Test files that measure how long requests wait: they run last and alone (their own group, one
 * file), so that no other file's servers and browsers take the 2 cores from them. Beside a node
 * file in the same pair of workers, a payer of sqlite-one-writer waited 1.8 s (limit 1 s; CI, 29
 * November); alone it stays well under.
 */
const TIMING_TESTS = ["tests/scale/sqlite-one-writer.test.ts"];

/** what both web projects run with */
const WEB_PROJECT = {
  sequence: { groupOrder: 0 },
  environment: "jsdom",
  setupFiles: ["web/src/test-setup.ts"],
  // a screen's first render imports its chunk through Vite's transform: with the node
  // suites running beside it, that alone took past the default 5 s once (router.test.tsx)
  testTimeout: 15_000,
} as const;

export default defineConfig({
  ssr: { resolve: { conditions } },
  resolve: { conditions },
  test: {
    // Vitest's default is cores - 1: one file at a time on a 2-core machine. Two at once fill the time
    // files spend waiting on servers, PostgreSQL and Chromium: 494 s -> 399 s for the whole run on 2
    // cores (27 November); three at once took 415 s. The e2e files run last, in a group of their own
    // (sequence.groupOrder): spread among the node files (28 November) the whole run took 535 s against
    // 594 s, but a payer of tests/scale/sqlite-one-writer.test.ts then waited 1.37 s (limit 1 s) beside
    // a browser file. Among themselves they run two at once: the e2e files alone took 248 s so, 327 s
    // one after another; the whole run 612 s so, 664 s before (28 November, 21:52-22:24, a slow hour).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          sequence: { groupOrder: 0 },
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/e2e/**", ...TIMING_TESTS, "**/node_modules/**"],
          environment: "node",
          // Each file builds its own servers and databases, so a worker keeps the modules it has
          // imported for the next file instead of importing them again: the node files took 222 s
          // and 372 s of CPU isolated, 169 s and 262 s of CPU so (27 November, 2 cores).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "timing",
          sequence: { groupOrder: 2 },
          include: TIMING_TESTS,
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/support/web-build.setup.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 240_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...WEB_PROJECT,
          name: "web",
          include: WEB_TESTS,
          exclude: [...WEB_TESTS_WITH_MODULE_MOCKS, "**/node_modules/**"],
          // As the node files: a worker keeps React, the router and the screens it has imported for
          // the next file (each file renders its own tree; test-setup.ts unmounts it and restores
          // mocks after each test). The web files alone took 57.6 s isolated and 19.3 s so, the three
          // files below apart (28 November, 2 cores): importing again for each file was 39.8 s of the 57.6.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...WEB_PROJECT,
          // files that replace a module with vi.mock need their own module registry: in a shared
          // one the real module is already loaded and the mock never applies
          name: "web-module-mocks",
          include: WEB_TESTS_WITH_MODULE_MOCKS,
        },
      },
    ],
  },
});
