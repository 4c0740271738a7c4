import pg from "pg";
import { expect, it } from "vitest";
import { createTestDatabase, POSTGRES_SKIPPED_LINE, TEST_DATABASE_URL } from "./support/postgres.js";

// The one place that says so: every PostgreSQL suite is skipped quietly when the URL is missing.
if (TEST_DATABASE_URL === undefined) console.warn(`\n*** ${POSTGRES_SKIPPED_LINE} ***\n`);

it.skipIf(TEST_DATABASE_URL === undefined)(
  TEST_DATABASE_URL === undefined
    ? POSTGRES_SKIPPED_LINE
    : "PostgreSQL suites run against TEST_DATABASE_URL: a database of their own is created there, reached and dropped",
  async () => {
    // what each PostgreSQL suite does first: a URL that cannot do it fails here, by name
    const db = await createTestDatabase();
    const name = new URL(db.url).pathname.slice(1);
    const exists = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        return (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
      } finally {
        await client.end();
      }
    };
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        expect((await client.query("select current_database() as name")).rows[0]).toEqual({ name });
      } finally {
        await client.end();
      }
    } finally {
      await db.drop();
    }
    expect(await exists()).toBe(false);
  },
);
