import { EventEmitter } from "node:events";
import { ChangeNotices, NOTICE_TRIGGERS, type ListeningConnection, type NoticeConnections } from "@courts/adapters/sql/change-notices";
import { DataChanges } from "@courts/adapters/sql/data-changes";
import type { SqlClient } from "@courts/adapters/sql/sql-client";
import { describe, expect, it, vi } from "vitest";

/**
 * PostgreSQL stood in for by connections that can lose their triggers, go deaf without a word
 * (a cut nobody reports) or end: what the real database cannot be made to do on demand.
 */
const fakeDatabase = () => {
  const state = { triggers: NOTICE_TRIGGERS.length, deaf: false, opened: 0 };
  let current: (EventEmitter & ListeningConnection) | null = null;
  const connections: NoticeConnections = {
    async open() {
      state.opened++;
      const connection = Object.assign(new EventEmitter(), {
        async query(text: string) {
          return text.startsWith("listen") ? {} : { rows: [{ n: state.triggers }] };
        },
      }) as EventEmitter & ListeningConnection;
      current = connection;
      return connection;
    },
    async close() {},
    async notify(payload: string) {
      const to = current;
      if (!state.deaf) setImmediate(() => to?.emit("notification", { channel: "data_changes", payload }));
    },
  };
  return { state, connections, current: () => current };
};

const courtsNow = (notices: ChangeNotices) => notices.now()?.get("courts");

describe("change notices: when counters are trusted", () => {
  it("when the notices' triggers are missing, then the counters are unknown until listening again finds them", async () => {
    const db = fakeDatabase();
    db.state.triggers = 0;
    const notices = new ChangeNotices(db.connections, { retryMs: 60_000, heartbeatMs: 60_000 });
    await notices.start();
    expect(notices.now()).toBeNull();
    db.state.triggers = NOTICE_TRIGGERS.length;
    // as the migration does once it ran
    await notices.start();
    expect(courtsNow(notices)).toBeTypeOf("number");
    await notices.close();
  });

  it("when the connection goes deaf without a word, then the counters are unknown within three heartbeats, and known again, moved, once a new connection hears", async () => {
    const db = fakeDatabase();
    const notices = new ChangeNotices(db.connections, { retryMs: 10, heartbeatMs: 20 });
    await notices.start();
    const before = courtsNow(notices)!;
    expect(await notices.caughtUp()).toBe(true);
    db.state.deaf = true;
    await vi.waitFor(() => expect(notices.now()).toBeNull(), { timeout: 1_000, interval: 5 });
    db.state.deaf = false;
    await vi.waitFor(() => expect(notices.now()).not.toBeNull(), { timeout: 1_000, interval: 5 });
    expect(db.state.opened).toBeGreaterThan(1);
    expect(courtsNow(notices)).toBeGreaterThan(before);
    await notices.close();
  });

  it("when the connection ends, then the counters are unknown at once, and moved when it listens again", async () => {
    const db = fakeDatabase();
    const notices = new ChangeNotices(db.connections, { retryMs: 10, heartbeatMs: 60_000 });
    await notices.start();
    const before = courtsNow(notices)!;
    db.current()!.emit("end");
    expect(notices.now()).toBeNull();
    await vi.waitFor(() => expect(notices.now()).not.toBeNull(), { timeout: 1_000, interval: 5 });
    expect(courtsNow(notices)).toBeGreaterThan(before);
    await notices.close();
    expect(notices.now()).toBeNull();
  });

  it("when this process writes, then the counters its statement names move at once, and no other", async () => {
    const db = fakeDatabase();
    const notices = new ChangeNotices(db.connections, { retryMs: 60_000, heartbeatMs: 60_000 });
    await notices.start();
    const changes = new DataChanges({} as SqlClient, notices);
    const counters = () => ({ courts: notices.now()?.get("courts"), sessions: notices.now()?.get("sessions") });
    const start = counters();
    changes.wrote("insert into bookings (id, court_id) values (?, ?)");
    expect(counters()).toEqual(start);
    changes.wrote("update courts set status = ? where id = ?");
    changes.wrote("delete from venues where id = ?");
    expect(counters()).toEqual({ courts: start.courts! + 2, sessions: start.sessions });
    changes.wrote("delete from sessions where sid = ?");
    changes.changed("courts");
    expect(counters()).toEqual({ courts: start.courts! + 3, sessions: start.sessions! + 1 });
    await notices.close();
  });
});
