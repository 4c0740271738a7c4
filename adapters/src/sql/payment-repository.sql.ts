import type { Payment, PaymentRepository, PaymentWithPayer, RecordOutcome } from "@courts/core";
import { PaymentSchema, type PaymentRow } from "./entities.js";
import { PAYMENT_COLUMNS, toPayment } from "./mappers.js";
import { int, intOrZero, iso, str, strOrNull } from "./rows.js";
import type { Row, SqlClient, SqlTx } from "./sql-client.js";

const toRow = (p: Payment): PaymentRow => ({ ...p });

/** Thrown inside markSucceeded's transaction to roll back every step with a typed outcome. */
class Rollback extends Error {
  constructor(readonly outcome: RecordOutcome) {
    super(`payment not recorded: ${outcome.kind}`);
  }
}

const WITH_PAYER_SELECT =
  `select ${PAYMENT_COLUMNS}, coalesce(u.username, pp.name) as user_name, coalesce(u.email, pp.email) as user_email ` +
  // A shared-link payer's user_id is a placeholder with no user: the name (and email) the guest
  // typed on /shared-payment, or null when none was given.
  "from payments p left join users u on u.id = p.user_id left join payment_payers pp on pp.payment_id = p.id";

const toPaymentWithPayer = (r: Row): PaymentWithPayer => ({
  ...toPayment(r),
  userName: strOrNull(r, "user_name"),
  userEmail: strOrNull(r, "user_email"),
});

/**
 * The money went through: recorded (paid_at set) and since then kept or refunded in part or whole.
 * A pending payment refunded without being applied (link full) never had paid_at: it counts nowhere.
 */
const SETTLED = "status in ('succeeded', 'refunded') and paid_at is not null";

export const invoiceNumberOf = (year: number, n: number): string => `${year}-${String(n).padStart(6, "0")}`;

const byIntent = async (tx: SqlTx, intentId: string) => {
  const row = await tx.one(`select ${PAYMENT_COLUMNS} from payments p where p.stripe_payment_intent_id = ?`, [intentId]);
  return row && toPayment(row);
};

/**
 * The steps of markSucceeded, in the one order every caller takes (payment, booking, link,
 * counter), so concurrent transactions on PostgreSQL queue on row locks instead of deadlocking.
 */
const recordInTransaction = async (
  tx: SqlTx,
  input: { readonly intentId: string; readonly at: Date; readonly shareLinkId: string | null },
): Promise<RecordOutcome> => {
  const paid = await tx.one(
    "update payments set status = 'succeeded', paid_at = ? " +
      "where stripe_payment_intent_id = ? and status = 'pending' returning id, booking_id, amount",
    [iso(input.at), input.intentId],
  );
  if (!paid) {
    // Nothing written: either unknown, or recorded before (by another caller or the webhook).
    const current = await byIntent(tx, input.intentId);
    return current ? { kind: "already-recorded", payment: current } : { kind: "not-found" };
  }
  const paymentId = str(paid, "id");
  const bookingId = str(paid, "booking_id");
  const amount = int(paid, "amount");

  const booked = await tx.run(
    "update bookings set paid_amount = paid_amount + ? " +
      "where id = ? and status <> 'cancelled' and paid_amount + ? <= total_amount",
    [amount, bookingId, amount],
  );
  if (booked === 0) {
    const booking = await tx.one("select status from bookings where id = ?", [bookingId]);
    throw new Rollback(
      booking === undefined || str(booking, "status") === "cancelled" ? { kind: "booking-gone" } : { kind: "overpaid" },
    );
  }

  if (input.shareLinkId !== null) {
    const joined = await tx.run(
      "update share_links set current_participants = current_participants + 1 " +
        "where id = ? and current_participants < max_participants",
      [input.shareLinkId],
    );
    if (joined === 0) {
      const link = await tx.one("select id from share_links where id = ?", [input.shareLinkId]);
      throw new Rollback(link ? { kind: "link-full" } : { kind: "not-found" });
    }
  }

  // Gapless: the counter row is bumped in this transaction, so a rollback gives the number back.
  const year = input.at.getUTCFullYear();
  const counter = await tx.one(
    "insert into invoice_counters (year, last_number) values (?, 1) " +
      "on conflict (year) do update set last_number = invoice_counters.last_number + 1 returning last_number",
    [year],
  );
  if (!counter) throw new Error("invoice counter returned no row");
  const invoiceNumber = invoiceNumberOf(year, int(counter, "last_number"));
  await tx.run("update payments set invoice_number = ? where id = ?", [invoiceNumber, paymentId]);

  const recorded = await byIntent(tx, input.intentId);
  if (!recorded) throw new Error(`payment ${paymentId} vanished inside its transaction`);
  return { kind: "recorded", payment: recorded };
};

export const sqlPaymentRepository = (sql: SqlClient): PaymentRepository => ({
  async insertPending(payment) {
    // payments_intent_unique makes a second payment for one intent fail loudly.
    await sql.fork().insert(PaymentSchema, toRow(payment));
    return payment;
  },
  async findById(id) {
    const row = await sql.one(`${WITH_PAYER_SELECT} where p.id = ?`, [id]);
    return row && toPaymentWithPayer(row);
  },
  async findByIntent(intentId) {
    const row = await sql.one(`select ${PAYMENT_COLUMNS} from payments p where p.stripe_payment_intent_id = ?`, [intentId]);
    return row && toPayment(row);
  },
  async findPending(bookingId, payerId, kind) {
    const row = await sql.one(
      `select ${PAYMENT_COLUMNS} from payments p ` +
        "where p.booking_id = ? and p.user_id = ? and p.kind = ? and p.status = 'pending' " +
        "order by p.created_at desc, p.id desc limit 1",
      [bookingId, payerId, kind],
    );
    return row && toPayment(row);
  },
  async markSucceeded(input) {
    // Caught outside the transaction: by then it is rolled back, and on PostgreSQL the aborted
    // transaction is gone, so the next call starts clean.
    try {
      return await sql.transaction((tx) => recordInTransaction(tx, input));
    } catch (error) {
      if (error instanceof Rollback) return error.outcome;
      throw error;
    }
  },
  async markFailed(id) {
    return (await sql.run("update payments set status = 'failed' where id = ? and status = 'pending'", [id])) > 0;
  },
  async markRefunded(id, refunded) {
    await sql.run(
      "update payments set status = 'refunded', refunded_amount = " +
        "case when refunded_amount + ? > amount - discount then amount - discount else refunded_amount + ? end " +
        // Pending too: a captured payment that could not be applied (link full) is refunded whole.
        "where id = ? and status <> 'failed'",
      [refunded, refunded, id],
    );
  },
  async listByBooking(bookingId) {
    const rows = await sql.all(
      `select ${PAYMENT_COLUMNS} from payments p where p.booking_id = ? order by p.created_at desc, p.id desc`,
      [bookingId],
    );
    return rows.map(toPayment);
  },
  async listByUser(userId) {
    const rows = await sql.all(`select ${PAYMENT_COLUMNS} from payments p where p.user_id = ? order by p.created_at desc, p.id desc`, [
      userId,
    ]);
    return rows.map(toPayment);
  },
  async listAll() {
    const rows = await sql.all(`${WITH_PAYER_SELECT} order by p.created_at desc, p.id desc`);
    return rows.map(toPaymentWithPayer);
  },
  async summary() {
    const row = await sql.one(
      "select " +
        `coalesce(sum(case when ${SETTLED} then amount - discount - refunded_amount end), 0) as total, ` +
        `coalesce(sum(case when ${SETTLED} then discount end), 0) as discounts, ` +
        `coalesce(sum(case when ${SETTLED} then stripe_fee end), 0) as stripe_fees, ` +
        "count(case when status = 'succeeded' then 1 end) as succeeded_count, " +
        "coalesce(sum(case when status = 'pending' then amount - discount end), 0) as pending_amount, " +
        "count(case when status = 'pending' then 1 end) as pending_count " +
        "from payments",
    );
    const total = intOrZero(row, "total");
    const stripeFees = intOrZero(row, "stripe_fees");
    return {
      total,
      discounts: intOrZero(row, "discounts"),
      stripeFees,
      net: total - stripeFees,
      succeededCount: intOrZero(row, "succeeded_count"),
      pendingAmount: intOrZero(row, "pending_amount"),
      pendingCount: intOrZero(row, "pending_count"),
    };
  },
  async revenueBetween(from, to) {
    const row = await sql.one(
      "select coalesce(sum(amount - discount - refunded_amount), 0) as revenue from payments " +
        `where ${SETTLED} and paid_at >= ? and paid_at < ?`,
      [iso(from), iso(to)],
    );
    return intOrZero(row, "revenue");
  },
  async listStalePending(before) {
    const rows = await sql.all(
      `select ${PAYMENT_COLUMNS} from payments p where p.status = 'pending' and p.created_at < ? order by p.created_at, p.id`,
      [iso(before)],
    );
    return rows.map(toPayment);
  },
});
