import { iso } from "./rows.js";
import type { SqlClient } from "./sql-client.js";

export interface WebhookEventLog {
  /** true the first time an event id is seen, false on every redelivery (a unique insert) */
  markProcessed(eventId: string): Promise<boolean>;
  isProcessed(eventId: string): Promise<boolean>;
}

export const sqlWebhookEvents = (sql: SqlClient, now: () => Date = () => new Date()): WebhookEventLog => ({
  async markProcessed(eventId) {
    const inserted = await sql.run(
      "insert into webhook_events (event_id, processed_at) values (?, ?) on conflict (event_id) do nothing",
      [eventId, iso(now())],
    );
    return inserted > 0;
  },
  async isProcessed(eventId) {
    return (await sql.one("select event_id from webhook_events where event_id = ?", [eventId])) !== undefined;
  },
});
