import { it } from "vitest";
import { POSTGRES_SKIPPED_LINE, TEST_DATABASE_URL } from "./support/postgres.js";

// The one place that says so: every PostgreSQL suite is skipped quietly when the URL is missing.
if (TEST_DATABASE_URL === undefined) console.warn(`\n*** ${POSTGRES_SKIPPED_LINE} ***\n`);

it.skipIf(TEST_DATABASE_URL === undefined)(
  TEST_DATABASE_URL === undefined ? POSTGRES_SKIPPED_LINE : "PostgreSQL suites run against TEST_DATABASE_URL",
  () => undefined,
);
