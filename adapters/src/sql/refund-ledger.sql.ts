import { randomUUID } from "node:crypto";
import { REFUND_REASONS, type Cents, type OwedRefund, type ProviderRefund, type ReconcileOutcome, type Refund, type RefundLedger, type RefundReason } from "@courts/core";
import { PAYMENT_KINDS, oneOf } from "./mappers.js";
import { findOne, instant, instantOrNull, int, iso, str, strOrNull } from "./rows.js";
import { claimBatch, placeholders, type Row, type SqlClient, type SqlTx } from "./sql-client.js";
import { creditWallet } from "./wallet-repository.sql.js";

const REFUND_COLUMNS =
  "r.id, r.payment_id, r.booking_id, r.reason, r.status, r.amount, r.idempotency_key, r.provider_refund_id, r.attempts, r.last_error, " +
  "r.created_at, r.sent_at, p.stripe_payment_intent_id, p.kind, p.user_id";
/** A refund with what it refunds: payments are never deleted. */
const REFUNDS = "refunds r join payments p on p.id = r.payment_id";

const toRefund = (r: Row): Refund => ({
  id: str(r, "id"),
  paymentId: str(r, "payment_id"),
  bookingId: str(r, "booking_id"),
  intentId: str(r, "stripe_payment_intent_id"),
  paymentKind: oneOf(r, "kind", PAYMENT_KINDS),
  payerId: str(r, "user_id"),
  amount: int(r, "amount"),
  reason: oneOf(r, "reason", REFUND_REASONS),
  status: oneOf(r, "status", ["owed", "sent", "void"] as const),
  idempotencyKey: str(r, "idempotency_key"),
  attempts: int(r, "attempts"),
  lastError: strOrNull(r, "last_error"),
  providerRefundId: strOrNull(r, "provider_refund_id"),
  createdAt: instant(r, "created_at"),
  sentAt: instantOrNull(r, "sent_at"),
});

/** The refunded amount never passes what was charged (a mismatched intent's refund is what the provider took). */
const ADD_REFUNDED = "refunded_amount = case when refunded_amount + ? > amount - discount then amount - discount else refunded_amount + ? end";

/**
 * Owes refunds inside the caller's transaction (a cancellation's, a closure's): each raises its
 * payment's refund owed, only while what the payment charged still covers it, and is appended to
 * the ledger under its own key. Answers the refunds written; one that would not fit is skipped.
 */
export const oweRefunds = async (
  tx: SqlTx,
  input: { readonly bookingId: string; readonly reason: RefundReason; readonly owed: readonly OwedRefund[]; readonly at: Date },
): Promise<OwedRefund[]> => {
  const written: OwedRefund[] = [];
  for (const o of input.owed) {
    const raised = await tx.run(
      "update payments set refund_owed = refund_owed + ?, status = 'refunded' " +
        "where id = ? and status in ('succeeded', 'refunded') and refunded_amount + refund_owed + ? <= amount - discount",
      [o.amount, o.paymentId, o.amount],
    );
    if (raised === 0) continue;
    await insertOwed(tx, { ...o, bookingId: input.bookingId, reason: input.reason, at: input.at });
    written.push(o);
  }
  return written;
};

export const insertOwed = (tx: SqlTx, o: OwedRefund & { readonly bookingId: string; readonly reason: RefundReason; readonly at: Date }) =>
  tx.run(
    "insert into refunds (id, payment_id, booking_id, reason, status, amount, idempotency_key, created_at) values (?, ?, ?, ?, 'owed', ?, ?, ?)",
    [o.refundId, o.paymentId, o.bookingId, o.reason, o.amount, `refund-${o.refundId}`, iso(o.at)],
  );

/** The ledger's rows of these ids, read inside a transaction (what it just wrote). */
export const refundsIn = async (tx: SqlTx, ids: readonly string[]): Promise<Refund[]> => {
  if (ids.length === 0) return [];
  const rows = await tx.all(`select ${REFUND_COLUMNS} from ${REFUNDS} where r.id in (${placeholders(ids.length)}) order by r.created_at, r.id`, ids);
  return rows.map(toRefund);
};

/**
 * owed -> sent and the payment's sums with it; false when the row was not owed. A wallet
 * payment's refund is credited to the payer's wallet here, in the same transaction: once, since
 * only the call that moved the row credits.
 */
const markSentIn = async (tx: SqlTx, id: string, at: Date, providerRefundId: string | null): Promise<boolean> => {
  const row = await tx.one(
    "update refunds set status = 'sent', sent_at = ?, provider_refund_id = ?, claimed_until = null, last_error = null " +
      "where id = ? and status = 'owed' returning amount, payment_id, booking_id",
    [iso(at), providerRefundId, id],
  );
  if (!row) return false;
  const amount = int(row, "amount");
  const paid = await tx.one("select kind, user_id from payments where id = ?", [str(row, "payment_id")]);
  if (paid && str(paid, "kind") === "wallet")
    await creditWallet(tx, {
      id: randomUUID(),
      userId: str(paid, "user_id"),
      kind: "refund",
      amount,
      at,
      bookingId: str(row, "booking_id"),
      paymentId: str(row, "payment_id"),
      refundId: id,
    });
  await tx.run(
    `update payments set ${ADD_REFUNDED}, refund_owed = case when refund_owed > ? then refund_owed - ? else 0 end, ` +
      "refund_sent_at = ?, status = 'refunded' where id = ?",
    [amount, amount, amount, amount, iso(at), str(row, "payment_id")],
  );
  return true;
};

const reconcileIn = async (
  tx: SqlTx,
  engine: SqlClient["engine"],
  input: { readonly paymentId: string; readonly listed: readonly ProviderRefund[]; readonly held: Cents | null; readonly at: Date },
): Promise<ReconcileOutcome> => {
  const { paymentId, at } = input;
  // one reconciliation of a payment at a time, serialised with its other writes
  if (engine === "postgresql") await tx.run("select id from payments where id = ? for update", [paymentId]);
  else await tx.run("update payments set refund_owed = refund_owed where id = ?", [paymentId]);
  const rows = await tx.all("select id, status, amount, provider_refund_id from refunds where payment_id = ? order by created_at desc, id desc", [paymentId]);
  const live = input.listed.filter((r) => r.status !== "failed");
  const confirmed: string[] = [];
  for (const refund of live) {
    const mine = rows.find((r) => str(r, "id") === refund.refundId && str(r, "status") === "owed");
    if (mine && (await markSentIn(tx, str(mine, "id"), at, refund.id))) confirmed.push(str(mine, "id"));
  }

  const payment = await tx.one("select amount, discount, status from payments where id = ?", [paymentId]);
  // a payment not recorded (yet) or abandoned: the money is settled when it is recorded, not here
  if (!payment || !["succeeded", "refunded"].includes(str(payment, "status"))) return { confirmed, external: 0, lowered: [] };
  // what the provider took: the payment's charge, or more when the provider says so (a mismatch)
  const held = Math.max(input.held ?? 0, int(payment, "amount") - int(payment, "discount"));
  const sentBefore = int((await tx.one("select coalesce(sum(amount), 0) as n from refunds where payment_id = ? and status = 'sent'", [paymentId])) ?? { n: 0 }, "n");
  const external = Math.min(live.reduce((sum, r) => sum + r.amount, 0), held) - sentBefore;
  // every refund the provider made is now a sent row: the ledger's and the dashboard's
  const sent = sentBefore + Math.max(0, external);
  if (external > 0) {
    const known = new Set(rows.map((r) => str(r, "id")));
    const recorded = new Set(rows.map((r) => strOrNull(r, "provider_refund_id")).filter((id) => id !== null));
    const outside = live.find((r) => (r.refundId === null || !known.has(r.refundId)) && !recorded.has(r.id));
    const id = randomUUID();
    await tx.run(
      "insert into refunds (id, payment_id, booking_id, reason, status, amount, idempotency_key, provider_refund_id, created_at, sent_at) " +
        "select ?, p.id, p.booking_id, 'provider', 'sent', ?, ?, ?, ?, ? from payments p where p.id = ?",
      [id, external, `provider-${id}`, outside?.id ?? null, iso(at), iso(at), paymentId],
    );
    await tx.run(`update payments set ${ADD_REFUNDED}, refund_sent_at = ?, status = 'refunded' where id = ?`, [external, external, iso(at), paymentId]);
  }

  // What the provider still holds bounds what can still go back: owed rows past it are lowered,
  // newest first, each under a new key (the provider refuses another amount under a used key), or voided.
  const lowered: string[] = [];
  const owed = (await tx.all("select id, amount from refunds where payment_id = ? and status = 'owed' order by created_at desc, id desc", [paymentId])).map(
    (r) => ({ id: str(r, "id"), amount: int(r, "amount") }),
  );
  let excess = owed.reduce((sum, r) => sum + r.amount, 0) - Math.max(0, held - sent);
  for (const row of owed) {
    if (excess <= 0) break;
    const cut = Math.min(row.amount, excess);
    excess -= cut;
    if (cut === row.amount)
      await tx.run("update refunds set status = 'void', last_error = ?, claimed_until = null where id = ?", ["el proveedor ya había devuelto este dinero", row.id]);
    else await tx.run("update refunds set amount = ?, idempotency_key = ? where id = ?", [row.amount - cut, `refund-${row.id}-cents${row.amount - cut}`, row.id]);
    await tx.run("update payments set refund_owed = case when refund_owed > ? then refund_owed - ? else 0 end where id = ?", [cut, cut, paymentId]);
    lowered.push(row.id);
  }
  return { confirmed, external: Math.max(0, external), lowered };
};

export const sqlRefundLedger = (sql: SqlClient): RefundLedger => {
  const findById = (id: string) => findOne(sql, `select ${REFUND_COLUMNS} from ${REFUNDS} where r.id = ?`, [id], toRefund);
  return {
    findById,
    async byBooking(bookingId) {
      const rows = await sql.all(`select ${REFUND_COLUMNS} from ${REFUNDS} where r.booking_id = ? order by r.created_at, r.id`, [bookingId]);
      return rows.map(toRefund);
    },
    async claimOwed(now, until, limit) {
      const claimed = await claimBatch(
        sql,
        {
          table: "refunds",
          set: "claimed_until = ?, attempts = attempts + 1",
          pick: "select r.id from refunds r where r.status = 'owed' and (r.claimed_until is null or r.claimed_until <= ?) order by r.created_at, r.id limit ?",
        },
        [iso(until), iso(now), limit],
      );
      if (claimed.length === 0) return [];
      const ids = claimed.map((r) => str(r, "id"));
      const rows = await sql.all(`select ${REFUND_COLUMNS} from ${REFUNDS} where r.id in (${placeholders(ids.length)}) order by r.created_at, r.id`, ids);
      return rows.map(toRefund);
    },
    async claim(id, now, until) {
      const claimed = await sql.run(
        "update refunds set claimed_until = ?, attempts = attempts + 1 where id = ? and status = 'owed' and (claimed_until is null or claimed_until <= ?)",
        [iso(until), id, iso(now)],
      );
      return claimed > 0 ? findById(id) : undefined;
    },
    markSent(id, at, providerRefundId) {
      return sql.transaction((tx) => markSentIn(tx, id, at, providerRefundId));
    },
    async release(id, error) {
      await sql.run("update refunds set claimed_until = null, last_error = ? where id = ? and status = 'owed'", [error.slice(0, 500), id]);
    },
    async renewKey(id) {
      const changed = await sql.run("update refunds set idempotency_key = 'refund-' || id || '-try' || attempts where id = ? and status = 'owed'", [id]);
      return changed > 0 ? findById(id) : undefined;
    },
    reconcile(paymentId, listed, at, held = null) {
      return sql.transaction((tx) => reconcileIn(tx, sql.engine, { paymentId, listed, held, at }));
    },
    async late(before, limit) {
      const rows = await sql.all(`select ${REFUND_COLUMNS} from ${REFUNDS} where r.status = 'owed' and r.created_at < ? order by r.created_at, r.id limit ?`, [
        iso(before),
        limit,
      ]);
      return rows.map(toRefund);
    },
  };
};
