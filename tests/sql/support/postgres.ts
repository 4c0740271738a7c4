import { randomBytes } from "node:crypto";
import pg from "pg";

/** TEST_DATABASE_URL: a PostgreSQL server the suites may create and drop databases on. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export const POSTGRES_SKIPPED_LINE = "PostgreSQL suites skipped: TEST_DATABASE_URL is not set";

const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  if (!TEST_DATABASE_URL) throw new Error(POSTGRES_SKIPPED_LINE);
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** A fresh, empty database on the TEST_DATABASE_URL server; its URL and how to drop it. */
export const createTestDatabase = async (): Promise<{ url: string; drop(): Promise<void> }> => {
  const name = `courts_test_${process.pid}_${randomBytes(5).toString("hex")}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
};

/**
 * A connection to the database at `url` that counts the statements there waiting on a lock (a row
 * or table held by a transaction still open): a test that queues work behind a transaction it left
 * open waits for that count, not for a pause.
 */
export const lockWatch = async (url: string): Promise<{ waiting(): Promise<number>; close(): Promise<void> }> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    waiting: async () =>
      (
        await client.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        )
      ).rows[0]!.n,
    close: () => client.end(),
  };
};
