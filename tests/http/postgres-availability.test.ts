import { expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../sql/support/postgres.js";
import { Client } from "./support/client.js";
import { freshDatabase, startServer } from "./support/server.js";

const LINE = "HTTP suites on PostgreSQL SKIPPED: TEST_DATABASE_URL is not set";

// The one place that says so for the HTTP suites; each of them skips its PostgreSQL half quietly.
if (TEST_DATABASE_URL === undefined) console.warn(`\n*** ${LINE} ***\n`);

it.skipIf(TEST_DATABASE_URL === undefined)(
  TEST_DATABASE_URL === undefined ? LINE : "HTTP suites run on PostgreSQL too (TEST_DATABASE_URL): a server on a fresh database there migrates it and answers",
  async () => {
    const db = await freshDatabase("postgresql");
    try {
      const server = await startServer(db.url);
      try {
        const answer = await new Client(server.baseUrl).get("/api/venues");
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual([]);
      } finally {
        await server.close();
      }
    } finally {
      await db.drop();
    }
  },
);
