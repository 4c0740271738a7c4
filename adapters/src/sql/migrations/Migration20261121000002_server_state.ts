import { Migration } from "@mikro-orm/migrations";
import { dialectOf } from "./dialect.js";

/** State that several server processes share: sessions, the simulated card provider, webhooks. */
export class Migration20261121000002ServerState extends Migration {
  override up(): void {
    const { instant } = dialectOf(this.driver.getPlatform());

    this.addSql(`create table sessions (
      sid text primary key,
      data text not null,
      expires_at ${instant} not null
    )`);
    this.addSql(`create index sessions_expires_idx on sessions (expires_at)`);

    this.addSql(`create table simulated_intents (
      id text primary key,
      client_secret text not null,
      amount integer not null check (amount >= 0),
      currency text not null,
      status text not null,
      metadata text not null,
      idempotency_key text not null,
      created_at ${instant} not null
    )`);
    this.addSql(`create unique index simulated_intents_secret_unique on simulated_intents (client_secret)`);
    this.addSql(`create unique index simulated_intents_key_unique on simulated_intents (idempotency_key)`);

    this.addSql(`create table simulated_refunds (
      id text primary key,
      intent_id text not null references simulated_intents (id),
      amount integer not null check (amount > 0),
      idempotency_key text not null,
      created_at ${instant} not null
    )`);
    this.addSql(`create unique index simulated_refunds_key_unique on simulated_refunds (idempotency_key)`);
    this.addSql(`create index simulated_refunds_intent_idx on simulated_refunds (intent_id)`);

    // A provider event is handled once, however many times it is delivered.
    this.addSql(`create table webhook_events (
      event_id text primary key,
      processed_at ${instant} not null
    )`);
  }
}
