import { WALLET_ENTRY_KINDS, type Cents, type WalletEntry, type WalletEntryKind, type WalletRepository } from "@courts/core";
import { oneOf } from "./mappers.js";
import { instant, int, intOrZero, iso, str, strOrNull } from "./rows.js";
import type { Row, SqlClient, SqlTx } from "./sql-client.js";

const ENTRY_COLUMNS = "id, user_id, kind, amount, booking_id, payment_id, note, created_at";

const toEntry = (r: Row): WalletEntry => ({
  id: str(r, "id"),
  userId: str(r, "user_id"),
  kind: oneOf(r, "kind", WALLET_ENTRY_KINDS),
  amount: int(r, "amount"),
  createdAt: instant(r, "created_at"),
  bookingId: strOrNull(r, "booking_id"),
  paymentId: strOrNull(r, "payment_id"),
  note: strOrNull(r, "note"),
});

/** One movement of a wallet, with what caused it: each of a payment, refund and purchase moves it at most once (unique indexes). */
export interface WalletMove {
  readonly id: string;
  readonly userId: string;
  readonly kind: WalletEntryKind;
  /** positive: the amount credited or debited */
  readonly amount: Cents;
  readonly at: Date;
  readonly bookingId?: string | null;
  readonly paymentId?: string | null;
  readonly refundId?: string | null;
  readonly purchaseId?: string | null;
  readonly note?: string | null;
  readonly by?: string | null;
}

const insertEntry = (tx: SqlTx, move: WalletMove, signed: Cents) =>
  tx.run(
    "insert into wallet_entries (id, user_id, kind, amount, booking_id, payment_id, refund_id, purchase_id, note, created_by, created_at) " +
      "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    [
      move.id,
      move.userId,
      move.kind,
      signed,
      move.bookingId ?? null,
      move.paymentId ?? null,
      move.refundId ?? null,
      move.purchaseId ?? null,
      move.note ?? null,
      move.by ?? null,
      iso(move.at),
    ],
  );

/** Credits a wallet inside the caller's transaction: the balance row (made on the first credit) and the statement's entry. */
export const creditWallet = async (tx: SqlTx, move: WalletMove): Promise<void> => {
  if (move.amount <= 0) throw new Error(`wallet credit of ${move.amount}`);
  await tx.run(
    "insert into wallets (user_id, balance, updated_at) values (?, ?, ?) " +
      "on conflict (user_id) do update set balance = wallets.balance + excluded.balance, updated_at = excluded.updated_at",
    [move.userId, move.amount, iso(move.at)],
  );
  await insertEntry(tx, move, move.amount);
};

/**
 * Debits a wallet inside the caller's transaction, only while the balance covers it: the UPDATE's
 * own condition decides (concurrent spends queue on the balance row and each sees the one before
 * it), and the CHECK (balance >= 0) stands beneath it. False, nothing written, when it does not.
 */
export const debitWallet = async (tx: SqlTx, move: WalletMove): Promise<boolean> => {
  if (move.amount <= 0) throw new Error(`wallet debit of ${move.amount}`);
  const moved = await tx.run("update wallets set balance = balance - ?, updated_at = ? where user_id = ? and balance >= ?", [
    move.amount,
    iso(move.at),
    move.userId,
    move.amount,
  ]);
  if (moved === 0) return false;
  await insertEntry(tx, move, -move.amount);
  return true;
};

export const balanceIn = async (run: Pick<SqlTx, "one">, userId: string): Promise<Cents> =>
  intOrZero(await run.one("select balance from wallets where user_id = ?", [userId]), "balance");

export const sqlWalletRepository = (sql: SqlClient): WalletRepository => ({
  balanceOf(userId) {
    return balanceIn(sql, userId);
  },
  async pageEntries(userId, { page, pageSize }) {
    const [rows, count] = await Promise.all([
      sql.all(`select ${ENTRY_COLUMNS} from wallet_entries where user_id = ? order by created_at desc, id desc limit ? offset ?`, [
        userId,
        pageSize,
        (page - 1) * pageSize,
      ]),
      sql.one("select count(*) as n from wallet_entries where user_id = ?", [userId]),
    ]);
    return { items: rows.map(toEntry), total: intOrZero(count, "n"), page, pageSize };
  },
  adjust({ id, userId, amount, note, by, at }) {
    return sql.transaction(async (tx) => {
      const move: WalletMove = { id, userId, kind: "adjustment", amount: Math.abs(amount), at, note, by };
      if (amount > 0) await creditWallet(tx, move);
      else if (!(await debitWallet(tx, move))) return "insufficient" as const;
      const entry = await tx.one(`select ${ENTRY_COLUMNS} from wallet_entries where id = ?`, [id]);
      if (!entry) throw new Error(`wallet entry ${id} vanished inside its transaction`);
      return { balance: await balanceIn(tx, userId), entry: toEntry(entry) };
    });
  },
});
