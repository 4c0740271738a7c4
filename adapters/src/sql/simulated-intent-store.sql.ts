import { INTENT_STATUSES } from "@courts/core";
import type { SimulatedIntent, SimulatedIntentStore, SimulatedRefund } from "../payments/simulated-intent-store.js";
import { bool, findOne, instant, int, intOrZero, iso, str, strOrNull } from "./rows.js";
import type { Row, SqlClient } from "./sql-client.js";

const INTENT_COLUMNS = "id, client_secret, amount, currency, status, metadata, idempotency_key, created_at, customer, save_card, payment_method";
const REFUND_COLUMNS = "id, intent_id, amount, idempotency_key, created_at, metadata";

const metadataOf = (text: string): Record<string, string> => {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new TypeError("intent metadata is not an object");
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
};

const toIntent = (r: Row): SimulatedIntent => {
  const status = INTENT_STATUSES.find((s) => s === str(r, "status"));
  if (status === undefined) throw new TypeError(`simulated intent: unexpected status ${str(r, "status")}`);
  return {
    id: str(r, "id"),
    clientSecret: str(r, "client_secret"),
    amount: int(r, "amount"),
    currency: str(r, "currency"),
    status,
    metadata: metadataOf(str(r, "metadata")),
    idempotencyKey: str(r, "idempotency_key"),
    createdAt: instant(r, "created_at"),
    // only on intents that carry a Customer or a card, as the store was given them
    ...(strOrNull(r, "customer") === null ? {} : { customer: strOrNull(r, "customer") }),
    ...(bool(r, "save_card") ? { saveCard: true } : {}),
    ...(strOrNull(r, "payment_method") === null ? {} : { paymentMethod: strOrNull(r, "payment_method") }),
  };
};

const toRefund = (r: Row): SimulatedRefund => {
  const metadata = metadataOf(str(r, "metadata"));
  return {
    id: str(r, "id"),
    intentId: str(r, "intent_id"),
    amount: int(r, "amount"),
    idempotencyKey: str(r, "idempotency_key"),
    createdAt: instant(r, "created_at"),
    // only on refunds the caller attached something to, as the store was given them
    ...(Object.keys(metadata).length === 0 ? {} : { metadata }),
  };
};

/**
 * The simulated card provider's intents and refunds. Idempotency is the unique index on the key:
 * `on conflict do nothing`, then whatever row holds the key is the answer, whoever wrote it. A
 * refund is stored only while the intent's refunds stay within its amount, and numbered within
 * its intent (`seq`) so they are listed newest first even when stored within one millisecond.
 */
export const sqlSimulatedIntentStore = (sql: SqlClient): SimulatedIntentStore => ({
  async insertIntent(intent) {
    await sql.run(
      `insert into simulated_intents (${INTENT_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
      [
        intent.id,
        intent.clientSecret,
        intent.amount,
        intent.currency,
        intent.status,
        JSON.stringify(intent.metadata),
        intent.idempotencyKey,
        iso(intent.createdAt),
        intent.customer ?? null,
        intent.saveCard ?? false,
        intent.paymentMethod ?? null,
      ],
    );
    const row = await sql.one(`select ${INTENT_COLUMNS} from simulated_intents where idempotency_key = ?`, [
      intent.idempotencyKey,
    ]);
    if (!row) throw new Error(`simulated intent for key ${intent.idempotencyKey} vanished`);
    return toIntent(row);
  },
  findIntent(id) {
    return findOne(sql, `select ${INTENT_COLUMNS} from simulated_intents where id = ?`, [id], toIntent);
  },
  findIntentByClientSecret(clientSecret) {
    return findOne(sql, `select ${INTENT_COLUMNS} from simulated_intents where client_secret = ?`, [clientSecret], toIntent);
  },
  async updateIntentStatus(id, from, to) {
    return (await sql.run("update simulated_intents set status = ? where id = ? and status = ?", [to, id, from])) > 0;
  },
  async setPaymentMethod(id, paymentMethod) {
    await sql.run("update simulated_intents set payment_method = ? where id = ?", [paymentMethod, id]);
  },
  insertRefund(refund) {
    const byKey = `select ${REFUND_COLUMNS} from simulated_refunds where idempotency_key = ?`;
    // PostgreSQL: a refund locks its intent's row, so the refunds of one intent check their total
    // in turn; SQLite's transactions write one at a time anyway
    const lockIntent = sql.engine === "postgresql" ? " for update" : "";
    return sql.transaction(async (tx) => {
      const intent = await tx.one(`select amount from simulated_intents where id = ?${lockIntent}`, [refund.intentId]);
      const replay = await tx.one(byKey, [refund.idempotencyKey]);
      if (replay) return toRefund(replay);
      if (!intent) return undefined;
      const sofar = await tx.one("select sum(amount) as refunded, max(seq) as seq from simulated_refunds where intent_id = ?", [refund.intentId]);
      if (intOrZero(sofar, "refunded") + refund.amount > int(intent, "amount")) return undefined;
      await tx.run(
        `insert into simulated_refunds (${REFUND_COLUMNS}, seq) values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
        [
          refund.id,
          refund.intentId,
          refund.amount,
          refund.idempotencyKey,
          iso(refund.createdAt),
          JSON.stringify(refund.metadata ?? {}),
          intOrZero(sofar, "seq") + 1,
        ],
      );
      const row = await tx.one(byKey, [refund.idempotencyKey]);
      if (!row) throw new Error(`simulated refund for key ${refund.idempotencyKey} vanished`);
      return toRefund(row);
    });
  },
  async refundedAmount(intentId) {
    const row = await sql.one("select sum(amount) as refunded from simulated_refunds where intent_id = ?", [intentId]);
    return intOrZero(row, "refunded");
  },
  async listRefunds(intentId) {
    const rows = await sql.all(`select ${REFUND_COLUMNS} from simulated_refunds where intent_id = ? order by seq desc`, [intentId]);
    return rows.map(toRefund);
  },
});
