import type { Session } from "fastify";
import { DEFAULT_SESSION_TTL_MS, sessionExpiry, SqlSessionStore, type SqlDatabase } from "@courts/adapters/sql/index";
import { describe, expect, it } from "vitest";
import { noticesCaughtUp, seenByAnotherProcess, SQL_ENGINES, statementsReading, useTestDatabase } from "./support/harness.js";
import { int } from "./support/rows.js";

const NOW = Date.parse("2026-11-21T12:00:00.000Z");

/** A session as @fastify/session hands it to a store (its cookie serialises through toJSON). */
const aSession = (cookie: Record<string, unknown>, data: Record<string, unknown> = { userId: "user-1" }): Session =>
  ({ cookie: { originalMaxAge: null, path: "/", httpOnly: true, ...cookie }, ...data }) as unknown as Session;

describe("sessionExpiry", () => {
  it("when the cookie has an expiry, then the row expires with it", () => {
    expect(sessionExpiry({ expires: new Date("2026-11-28T12:00:00.000Z") }, NOW)).toEqual(new Date("2026-11-28T12:00:00.000Z"));
    expect(sessionExpiry({ expires: "2026-11-28T12:00:00.000Z" }, NOW)).toEqual(new Date("2026-11-28T12:00:00.000Z"));
  });

  it("when the cookie has only a max age, then the row expires that long from now", () => {
    expect(sessionExpiry({ expires: null, originalMaxAge: 60_000 }, NOW)).toEqual(new Date(NOW + 60_000));
  });

  it("when the cookie has neither, then the row lives the default time", () => {
    expect(sessionExpiry({ expires: null, originalMaxAge: null }, NOW)).toEqual(new Date(NOW + DEFAULT_SESSION_TTL_MS));
  });
});

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`session store and webhook events (${engine.name})`, () => {
    const target = useTestDatabase(engine.name, { empty: true });

    const get = (sid: string) =>
      new Promise<Session | null | undefined>((resolve, reject) =>
        target.db.sessionStore.get(sid, (error, session) => (error ? reject(error) : resolve(session))),
      );
    const set = (sid: string, session: Session) =>
      new Promise<void>((resolve, reject) => target.db.sessionStore.set(sid, session, (error) => (error ? reject(error) : resolve())));
    const destroy = (sid: string) =>
      new Promise<void>((resolve, reject) => target.db.sessionStore.destroy(sid, (error) => (error ? reject(error) : resolve())));
    const inAWeek = () => new Date(Date.now() + 7 * 24 * 3_600_000);

    it("when a session is set, then get returns its data and cookie as JSON", async () => {
      const expires = inAWeek();
      await set("sid-1", aSession({ expires }, { userId: "u-1", adminId: "a-1" }));
      expect(await get("sid-1")).toEqual({
        cookie: { originalMaxAge: null, path: "/", httpOnly: true, expires: expires.toISOString() },
        userId: "u-1",
        adminId: "a-1",
      });
      expect(await get("sid-unknown")).toBeNull();
    });

    it("when a session is set again, then the new data replaces the old", async () => {
      await set("sid-2", aSession({ expires: inAWeek() }, { userId: "u-1" }));
      await set("sid-2", aSession({ expires: inAWeek() }, { userId: "u-2" }));
      expect(await get("sid-2")).toMatchObject({ userId: "u-2" });
      expect(int((await target.db.sql.one("select count(*) as n from sessions"))!, "n")).toBe(1);
    });

    it("when a session has expired, then get ignores it and a prune deletes it", async () => {
      await set("old", aSession({ expires: new Date(Date.now() - 1000) }));
      await set("new", aSession({ expires: inAWeek() }));
      expect(await get("old")).toBeNull();
      expect(await target.db.sessionStore.prune()).toBe(1);
      expect(int((await target.db.sql.one("select count(*) as n from sessions"))!, "n")).toBe(1);
      expect(await get("new")).toMatchObject({ userId: "user-1" });
    });

    it("when a session is destroyed, then it is gone", async () => {
      await set("sid-3", aSession({ expires: inAWeek() }));
      await destroy("sid-3");
      expect(await get("sid-3")).toBeNull();
      await destroy("sid-3");
    });

    it("when a webhook event is seen twice, then only the first marks it processed", async () => {
      expect(await target.db.webhookEvents.markProcessed("evt_1")).toBe(true);
      expect(await target.db.webhookEvents.markProcessed("evt_1")).toBe(false);
      expect(await target.db.webhookEvents.markProcessed("evt_2")).toBe(true);
    });
  });
}

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`sessions seen by two server processes (${engine.name})`, () => {
    // processes[0] and processes[1] stand for two servers on one database
    const target = useTestDatabase(engine.name, { others: 1, empty: true });
    const get = (db: SqlDatabase, sid: string) =>
      new Promise<Session | null | undefined>((resolve, reject) => db.sessionStore.get(sid, (error, session) => (error ? reject(error) : resolve(session))));
    const set = (db: SqlDatabase, sid: string, session: Session) =>
      new Promise<void>((resolve, reject) => db.sessionStore.set(sid, session, (error) => (error ? reject(error) : resolve())));
    const destroy = (db: SqlDatabase, sid: string) =>
      new Promise<void>((resolve, reject) => db.sessionStore.destroy(sid, (error) => (error ? reject(error) : resolve())));
    const inAWeek = () => new Date(Date.now() + 7 * 24 * 3_600_000);

    it("when one process changes or removes a session the other has read, then the other's next get sees it", async () => {
      const [one, two] = target.processes as [SqlDatabase, SqlDatabase];
      await set(one, "sid-a", aSession({ expires: inAWeek() }, { userId: "u-1" }));
      expect(await get(two, "sid-a")).toMatchObject({ userId: "u-1" });
      expect(await get(two, "sid-a")).toMatchObject({ userId: "u-1" });
      expect(await get(one, "sid-a")).toMatchObject({ userId: "u-1" });
      await set(one, "sid-a", aSession({ expires: inAWeek() }, { userId: "u-1", adminId: "a-1" }));
      // the writing process at once, with no wait for its notice
      expect(await get(one, "sid-a")).toMatchObject({ userId: "u-1", adminId: "a-1" });
      await seenByAnotherProcess(engine.name, async () => expect(await get(two, "sid-a")).toMatchObject({ userId: "u-1", adminId: "a-1" }));
      await destroy(one, "sid-a");
      expect(await get(one, "sid-a")).toBeNull();
      await seenByAnotherProcess(engine.name, async () => expect(await get(two, "sid-a")).toBeNull());
      // and a session made afterwards, in the other process, is found at once
      await set(one, "sid-b", aSession({ expires: inAWeek() }, { userId: "u-2" }));
      expect(await get(two, "sid-b")).toMatchObject({ userId: "u-2" });
    });

    it("when a session is asked for again and only other tables were written, then it is not read again", async () => {
      const [one, two] = target.processes as [SqlDatabase, SqlDatabase];
      await set(one, "sid-c", aSession({ expires: inAWeek() }, { userId: "u-3" }));
      await noticesCaughtUp(two);
      expect(await statementsReading(two, "sessions", () => get(two, "sid-c"))).toBe(1);
      await one.sql.run("insert into venues (id, name, location, created_at) values ('v-ses', 'Club Sesión', 'Quito', ?)", [new Date().toISOString()]);
      const again = await statementsReading(two, "sessions", async () => expect(await get(two, "sid-c")).toMatchObject({ userId: "u-3" }));
      expect(again).toBe(0);
      // each get hands over its own object: @fastify/session changes the one it is given
      const first = await get(two, "sid-c");
      const second = await get(two, "sid-c");
      expect(second).toEqual(first);
      expect(second).not.toBe(first);
    });

    it("when a session read earlier expires, then get answers nothing from then on", async () => {
      let now = Date.now();
      const store = new SqlSessionStore(target.db.sql, () => now);
      const read = () => new Promise<Session | null | undefined>((resolve, reject) => store.get("sid-d", (error, session) => (error ? reject(error) : resolve(session))));
      await set(target.db, "sid-d", aSession({ expires: new Date(now + 60_000) }));
      expect(await read()).toMatchObject({ userId: "user-1" });
      now += 59_000;
      expect(await read()).toMatchObject({ userId: "user-1" });
      now += 1_000;
      expect(await read()).toBeNull();
    });
  });
}
