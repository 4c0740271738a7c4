import { it } from "vitest";
import { TEST_DATABASE_URL } from "../sql/support/postgres.js";

const LINE = "HTTP suites on PostgreSQL SKIPPED: TEST_DATABASE_URL is not set";

// The one place that says so for the HTTP suites; each of them skips its PostgreSQL half quietly.
if (TEST_DATABASE_URL === undefined) console.warn(`\n*** ${LINE} ***\n`);

it.skipIf(TEST_DATABASE_URL === undefined)(TEST_DATABASE_URL === undefined ? LINE : "HTTP suites run on PostgreSQL too (TEST_DATABASE_URL)", () => undefined);
