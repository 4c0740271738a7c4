import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SqlDatabase } from "@courts/adapters/sql/index";
import { openDatabase, openSqlDatabase, parseDatabaseUrl } from "@courts/adapters/sql/index";
import { MIGRATIONS } from "@courts/adapters/sql/migrations/index";
import { describe, expect, it } from "vitest";
import { aUser } from "../support/builders.js";
import { openTestDatabase, SQL_ENGINES, tempDir } from "./support/harness.js";
import { createTestDatabase } from "./support/postgres.js";

/** Tables, columns, indexes and constraints, as text that two databases can be compared on. */
const schemaOf = async (db: SqlDatabase): Promise<string[]> => {
  if (db.engine === "sqlite") {
    const rows = await db.sql.all("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name");
    return rows.map((r) => `${String(r.type)} ${String(r.name)}: ${String(r.sql)}`);
  }
  const columns = await db.sql.all(
    "select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns " +
      "where table_schema = current_schema() order by table_name, column_name",
  );
  const indexes = await db.sql.all("select indexdef from pg_indexes where schemaname = current_schema() order by indexname");
  const constraints = await db.sql.all(
    "select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint " +
      "where connamespace = current_schema()::regnamespace order by 1, 2",
  );
  return [...columns, ...indexes, ...constraints].map((r) => JSON.stringify(r));
};

const FIRST = "Migration20261121000001_initial_schema";

describe("parseDatabaseUrl", () => {
  it("when the URL names SQLite or PostgreSQL, then the engine and place are read", () => {
    expect(parseDatabaseUrl("sqlite:./data/courts.sqlite")).toEqual({ engine: "sqlite", path: "./data/courts.sqlite" });
    expect(parseDatabaseUrl("sqlite::memory:")).toEqual({ engine: "sqlite", path: ":memory:" });
    expect(parseDatabaseUrl("sqlite:///var/lib/courts.db")).toEqual({ engine: "sqlite", path: "/var/lib/courts.db" });
    expect(parseDatabaseUrl("postgres://u@h:5432/d")).toEqual({ engine: "postgresql", url: "postgres://u@h:5432/d" });
    expect(parseDatabaseUrl("postgresql://u@h/d")).toMatchObject({ engine: "postgresql" });
  });

  it("when the URL is anything else, then it is refused with the forms that work", () => {
    expect(() => parseDatabaseUrl("mysql://x")).toThrow(/sqlite:<path>/);
    expect(() => parseDatabaseUrl("sqlite:")).toThrow(/names no SQLite file/);
  });
});

describe("opening SQLite", () => {
  it("when the folder is missing, then it is created, and an in-memory database works too", async () => {
    const dir = tempDir();
    try {
      const db = await openDatabase(`sqlite:${join(dir.path, "nested", "deeper", "courts.sqlite")}`);
      await db.migrate();
      expect(existsSync(join(dir.path, "nested", "deeper", "courts.sqlite"))).toBe(true);
      expect(await db.health()).toMatchObject({ ok: true, engine: "sqlite" });
      await db.close();
      const memory = await openDatabase("sqlite::memory:");
      await memory.migrate();
      expect(await memory.repositories.users.insert(aUser({ username: "enmemoria" }))).toMatchObject({ username: "enmemoria" });
      await memory.close();
    } finally {
      dir.remove();
    }
  });
});

for (const engine of SQL_ENGINES) {
  const name = engine.name as "sqlite" | "postgresql";
  describe.skipIf(!engine.available)(`migrations (${name})`, () => {
    it("when a database is fresh, then every migration is pending, and after migrate none is", async () => {
      const { db, dispose } = await openTestDatabase(name, { migrate: false });
      try {
        expect(await db.pendingMigrations()).toEqual(MIGRATIONS.map((m) => m.name));
        expect(MIGRATIONS[0]?.name).toBe(FIRST);
        await db.migrate();
        expect(await db.pendingMigrations()).toEqual([]);
      } finally {
        await dispose();
      }
    });

    it("when migrate runs twice, then the second run changes nothing and the data stays", async () => {
      const { db, dispose } = await openTestDatabase(name);
      try {
        const user = aUser();
        await db.repositories.users.insert(user);
        const before = await schemaOf(db);
        await db.migrate();
        expect(await schemaOf(db)).toEqual(before);
        expect(await db.repositories.users.findById(user.id)).toEqual(user);
      } finally {
        await dispose();
      }
    });

    it("when an existing database is one migration behind, then migrating it ends in the fresh schema", async () => {
      const fresh = await openTestDatabase(name);
      const old = await openTestDatabase(name, { migrate: false });
      try {
        await old.db.sql.orm.getMigrator().up({ to: FIRST });
        // a player as the first schema stored one: no name, no phone, no confirmation yet
        const user = aUser({ emailVerified: true });
        await old.db.sql.run(
          "insert into users (id, username, email, username_key, email_key, password_hash, is_admin, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
          [user.id, user.username, user.email, user.username.toLowerCase(), user.email.toLowerCase(), user.passwordHash, false, user.createdAt.toISOString()],
        );
        await old.db.migrate();
        expect(await schemaOf(old.db)).toEqual(await schemaOf(fresh.db));
        // accounts made before confirmation existed count as confirmed
        // a player's level and match mail start unset (DESIGN.md section 17)
        expect(await old.db.repositories.users.findById(user.id)).toEqual(user);
      } finally {
        await fresh.dispose();
        await old.dispose();
      }
    });

    it("when the database answers, then health says ok with the engine", async () => {
      const { db, dispose } = await openTestDatabase(name);
      try {
        expect(await db.health()).toMatchObject({ ok: true, engine: name });
      } finally {
        await dispose();
      }
    });
  });
}

describe.skipIf(!SQL_ENGINES.find((e) => e.name === "postgresql")?.available)("migrations (postgresql, several processes)", () => {
  it("when three processes start on a fresh database at once, then all migrate without error", async () => {
    const place = await createTestDatabase();
    const dbs = await Promise.all([1, 2, 3].map(() => openSqlDatabase(place.url)));
    try {
      await Promise.all(dbs.map((db) => db.migrate()));
      for (const db of dbs) expect(await db.pendingMigrations()).toEqual([]);
    } finally {
      for (const db of dbs) await db.close();
      await place.drop();
    }
  });

  it("when the server cannot be reached, then opening fails with a message without the password", async () => {
    await expect(openDatabase("postgres://someone:s3cret@127.0.0.1:1/nowhere")).rejects.toThrow(
      /^No se pudo conectar a PostgreSQL 127\.0\.0\.1:1\/nowhere: nadie responde en esa dirección \(¿está el servidor de base de datos en marcha\?\) \(.*ECONNREFUSED/,
    );
    await expect(openDatabase("postgres://someone:s3cret@127.0.0.1:1/nowhere")).rejects.not.toThrow(/s3cret/);
  });
});
