import { randomUUID } from "node:crypto";
import { eventKeyOf, type DomainEvent, type EventLog, type RecordedEvent } from "@courts/core";
import { instant, int, iso, str } from "./rows.js";
import { claimBatch, placeholders, type Row, type SqlClient, type SqlTx } from "./sql-client.js";

/**
 * Records events inside the caller's transaction: they commit with the change they report, or
 * not at all. An event recorded twice (a retried request) is kept once, by its key.
 */
export const recordEvents = async (tx: Pick<SqlTx, "run">, events: readonly DomainEvent[] | undefined, at: Date): Promise<void> => {
  for (const event of events ?? [])
    await tx.run(
      "insert into domain_events (id, event_key, type, payload, created_at) values (?, ?, ?, ?, ?) on conflict (event_key) do nothing",
      [randomUUID(), eventKeyOf(event), event.type, JSON.stringify(event), iso(at)],
    );
};

const toRecorded = (r: Row): RecordedEvent => ({
  id: str(r, "id"),
  event: JSON.parse(str(r, "payload")) as DomainEvent,
  createdAt: instant(r, "created_at"),
  attempts: int(r, "attempts"),
});

export const sqlEventLog = (sql: SqlClient): EventLog => ({
  async claim(now, until, limit) {
    const claimed = await claimBatch(
      sql,
      {
        table: "domain_events",
        set: "claimed_until = ?, attempts = attempts + 1",
        pick:
          "select e.id from domain_events e where e.handled_at is null and (e.claimed_until is null or e.claimed_until <= ?) " +
          "order by e.created_at, e.id limit ?",
      },
      [iso(until), iso(now), limit],
    );
    if (claimed.length === 0) return [];
    const ids = claimed.map((r) => str(r, "id"));
    const rows = await sql.all(
      `select id, payload, created_at, attempts from domain_events where id in (${placeholders(ids.length)}) order by created_at, id`,
      ids,
    );
    return rows.map(toRecorded);
  },
  async record(events, at) {
    await sql.transaction((tx) => recordEvents(tx, events, at));
  },
  async markHandled(id, at) {
    await sql.run("update domain_events set handled_at = ?, claimed_until = null, last_error = null where id = ?", [iso(at), id]);
  },
  async release(id, error) {
    await sql.run("update domain_events set claimed_until = null, last_error = ? where id = ? and handled_at is null", [error.slice(0, 500), id]);
  },
});
