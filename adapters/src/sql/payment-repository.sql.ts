import { DeadlockException } from "@mikro-orm/core";
import { addDays, listsByGameDate, settledFigures, type DomainEvent, type TransactionCursor, type TaxRate, type Payment, type RecordedPaymentFacts, type PaymentRepository, type PaymentWithPayer, type RecordOutcome, type TransactionFilter, type WalletRecordOutcome } from "@courts/core";
import { RELEASE_USE, RESERVE_USE } from "./discount-code-repository.sql.js";
import { recordEvents } from "./event-log.sql.js";
import { PAYMENT_COLUMNS, PAYMENT_STORED_COLUMNS, toPayment } from "./mappers.js";
import { findOne, int, intOrZero, iso, str, strOrNull } from "./rows.js";
import { claimBatch, placeholders, type Param, type Row, type SqlClient, type SqlTx } from "./sql-client.js";
import { balanceIn, debitWallet } from "./wallet-repository.sql.js";
import { ALL_DAYS, GAME_MONTH_PREFIX, MONTH_PREFIX } from "./migrations/Migration20261208001100_transaction_days.js";
import { listsProducts, productCount, mergeNewestFirst, mergeStreams, productRows, streamProducts } from "./product-transactions.sql.js";

/**
 * A payment's conditional move, and with it, when it moved and `releaseUseOf` names a code, that
 * code's reserved use given back: one transaction, so a process killed between the two cannot
 * keep a use that no payment holds. Answers whether the payment moved.
 */
const withReleasedUse = async (
  sql: SqlClient,
  releaseUseOf: string | null,
  move: (run: SqlTx["run"]) => Promise<number>,
): Promise<boolean> => {
  if (releaseUseOf === null) return (await move((text, params) => sql.run(text, params))) > 0;
  return sql.transaction(async (tx) => {
    const moved = (await move((text, params) => tx.run(text, params))) > 0;
    if (moved) await tx.run(RELEASE_USE, [releaseUseOf]);
    return moved;
  });
};

/** Thrown inside markSucceeded's transaction to roll back every step with a typed outcome. */
export class Rollback extends Error {
  constructor(readonly outcome: Exclude<RecordOutcome, { readonly kind: "recorded" }> | { readonly kind: "code-used-up" }) {
    super(`payment not recorded: ${outcome.kind}`);
  }
}

/**
 * The buyer as frozen when the payment was recorded (invoices never change afterwards), a
 * guest's typed name and email included (payment_payers); the live account only for payments
 * not recorded yet (named as the account is named now: its full name when it has one), or
 * recorded before buyers were kept (named by username, as their invoices were issued).
 */
const PAYER_COLUMNS =
  "case when p.buyer_name is not null then p.buyer_name when p.invoice_number is not null then u.username " +
  "else coalesce(u.full_name, u.username) end as user_name, " +
  "case when p.buyer_name is not null then p.buyer_email else u.email end as user_email, p.tax_rate_bp";

const WITH_PAYER_SELECT =
  `select ${PAYMENT_COLUMNS}, ${PAYER_COLUMNS} ` +
  // A shared-link payer's user_id is a placeholder with no user: left join, names stay null.
  "from payments p left join users u on u.id = p.user_id";

const toPaymentWithPayer = (r: Row): PaymentWithPayer => ({
  ...toPayment(r),
  userName: strOrNull(r, "user_name"),
  userEmail: strOrNull(r, "user_email"),
  // frozen with the invoice number: absent until then, and on payments recorded before rates were kept
  ...(r.tax_rate_bp === null || r.tax_rate_bp === undefined ? {} : { taxRate: int(r, "tax_rate_bp") }),
});

/**
 * The money went through: recorded (paid_at set) and since then kept or refunded in part or whole.
 * A pending payment refunded without being applied (link full) never had paid_at: it counts nowhere.
 */
const SETTLED = "status in ('succeeded', 'refunded') and paid_at is not null";

/** How many rows the CSV export reads at a time: its memory, whatever the history. */
const EXPORT_BATCH = 500;

const NEWEST_FIRST = "order by created_at desc, id desc";
/** filtered by game date: newest game first, then newest payment (payments_game_created_id_idx) */
const NEWEST_GAME_FIRST = "order by booking_date desc, created_at desc, id desc";

const orderOf = (filter: TransactionFilter) => (listsByGameDate(filter) ? NEWEST_GAME_FIRST : NEWEST_FIRST);

const whereOf = (filter: TransactionFilter, after?: TransactionCursor): { readonly sql: string; readonly params: Param[] } => {
  const parts: string[] = [];
  const params: Param[] = [];
  if (filter.venueId !== undefined) {
    parts.push("venue_id = ?");
    params.push(filter.venueId);
  }
  if (filter.gameFrom !== undefined) {
    parts.push("booking_date >= ?");
    params.push(filter.gameFrom);
  }
  if (filter.gameTo !== undefined) {
    parts.push("booking_date <= ?");
    params.push(filter.gameTo);
  }
  if (filter.status !== undefined) {
    parts.push("status = ?");
    params.push(filter.status);
  }
  if (filter.from !== undefined) {
    parts.push("created_at >= ?");
    params.push(iso(filter.from));
  }
  if (filter.to !== undefined) {
    parts.push("created_at < ?");
    params.push(iso(filter.to));
  }
  if (after !== undefined) {
    // Keyset: the rows after the cursor in the list's order, read on from there in the index.
    if (listsByGameDate(filter)) {
      parts.push("(booking_date, created_at, id) < (?, ?, ?)");
      params.push(after.bookingDate ?? "9999-12-31", iso(after.createdAt), after.id);
    } else {
      parts.push("(created_at, id) < (?, ?)");
      params.push(iso(after.createdAt), after.id);
    }
  }
  return { sql: parts.length === 0 ? "" : `where ${parts.join(" and ")}`, params };
};

const STATUS_COUNTS = { pending: "pending_count", succeeded: "succeeded_count", failed: "failed_count", refunded: "refunded_count" } as const;

/**
 * How many payments a filter holds by game date or within a part-day of payment dates (see
 * countTransactions, which answers every other filter from transaction_days): report_days (a row
 * per court and game date) with game dates alone; a count over the indexes when the filter names
 * payment dates.
 */
const countOf = (filter: TransactionFilter): { readonly sql: string; readonly params: Param[] } => {
  const column = filter.status === undefined ? "payments_count" : STATUS_COUNTS[filter.status];
  if (filter.from !== undefined || filter.to !== undefined) {
    const where = whereOf(filter);
    return { sql: `select count(*) as n from payments ${where.sql}`, params: where.params };
  }
  const parts: string[] = [];
  const params: Param[] = [];
  if (filter.venueId !== undefined) {
    parts.push("venue_id = ?");
    params.push(filter.venueId);
  }
  if (filter.gameFrom !== undefined) {
    parts.push("booking_date >= ?");
    params.push(filter.gameFrom);
  }
  if (filter.gameTo !== undefined) {
    parts.push("booking_date <= ?");
    params.push(filter.gameTo);
  }
  return { sql: `select coalesce(sum(${column}), 0) as n from report_days where ${parts.join(" and ")}`, params };
};

const DAY_MS = 86_400_000;
/** the UTC midnight at or before an instant */
const dayStart = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** the UTC month's first midnight at or before an instant, and the next month's */
const monthStart = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const nextMonth = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/** the payments of a filter counted as countOf does, and with no game dates the products sold of it too: scalar subqueries */
const indexCounts = (filter: TransactionFilter): { readonly sql: string[]; readonly params: Param[] } => {
  const payments = countOf(filter);
  const products = productCount(filter);
  return { sql: [`(${payments.sql})`, `(${products.sql})`], params: [...payments.params, ...products.params] };
};

/** a local date's month's first day, and the next month's */
const monthOfDate = (date: string): string => `${date.slice(0, 7)}-01`;
const monthAfter = (date: string): string => {
  const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 1));
  return next.toISOString().slice(0, 10);
};

/**
 * The payments of a filter by game dates alone (no product has a game), as scalar subqueries: the
 * whole game months inside [gameFrom, gameTo] from transaction_days' 'g' rows, the days outside
 * them (two months' at most) from report_days (a row per court and game date).
 */
const gameCounts = (filter: TransactionFilter): { readonly sql: string[]; readonly params: Param[] } => {
  const column = filter.status === undefined ? "payments_count" : STATUS_COUNTS[filter.status];
  const sql: string[] = [];
  const params: Param[] = [];
  const days = (from: string | undefined, until: string | undefined) => {
    const where = [...(from === undefined ? [] : ["booking_date >= ?"]), ...(until === undefined ? [] : ["booking_date < ?"])];
    if (filter.venueId !== undefined) where.push("venue_id = ?");
    sql.push(`(select coalesce(sum(${column}), 0) from report_days${where.length === 0 ? "" : ` where ${where.join(" and ")}`})`);
    params.push(...[from, until, filter.venueId].filter((v): v is string => v !== undefined));
  };
  const months = (from: string | undefined, until: string | undefined) => {
    sql.push(
      "(select coalesce(sum(payments), 0) from transaction_days where day >= ? and day < ?" +
        `${filter.venueId === undefined ? "" : " and venue_id = ?"}${filter.status === undefined ? "" : " and status = ?"})`,
    );
    params.push(
      from === undefined ? GAME_MONTH_PREFIX : `${GAME_MONTH_PREFIX}${from.slice(0, 7)}`,
      until === undefined ? `${GAME_MONTH_PREFIX}~` : `${GAME_MONTH_PREFIX}${until.slice(0, 7)}`,
      ...[filter.venueId, filter.status].filter((v): v is string => v !== undefined),
    );
  };
  const start = filter.gameFrom;
  const end = filter.gameTo === undefined ? undefined : addDays(filter.gameTo, 1);
  // the first whole month at or after gameFrom, and the first day of gameTo's month (or of the day after's)
  const firstMonth = start === undefined ? undefined : monthOfDate(start) === start ? start : monthAfter(start);
  const lastMonth = end === undefined ? undefined : monthOfDate(end);
  if (firstMonth !== undefined && lastMonth !== undefined && firstMonth >= lastMonth) days(start, end);
  else {
    if (start !== undefined) days(start, firstMonth);
    months(firstMonth, lastMonth);
    if (end !== undefined) days(lastMonth, end);
  }
  return { sql, params };
};

/**
 * How many transactions (payments and products sold) a filter holds. With game dates, countOf (no
 * product has a game). Otherwise transaction_days (Migration20261208001100): its 'all' rows (venues
 * x statuses) with no payment dates; with them, its rows of the whole UTC months inside the range,
 * of the whole UTC days outside those months (two months' at most), and the part-days at the
 * range's ends (a club's local midnight is an hour or two off UTC) counted from the created_at
 * indexes: under a day of rows at each end. So a range's total costs about the same whatever the
 * history, and so does the total of a venue or status over the whole history.
 */
export const countTransactions = async (sql: SqlClient, filter: TransactionFilter): Promise<number> => {
  // one statement, whatever the filter: with the page's read, a request holds two connections at most
  const answer = async (parts: readonly string[], params: readonly Param[]) => intOrZero(await sql.one(`select ${parts.join(" + ")} as n`, [...params]), "n");
  if (!listsProducts(filter)) {
    if (filter.from !== undefined || filter.to !== undefined) return answer(indexCounts(filter).sql, indexCounts(filter).params);
    const games = gameCounts(filter);
    return answer(games.sql, games.params);
  }
  const { from, to } = filter;
  // the whole days: from the first midnight at or after `from` to the last at or before `to`
  const start = from === undefined ? undefined : from.getTime() === dayStart(from).getTime() ? from : new Date(dayStart(from).getTime() + DAY_MS);
  const end = to === undefined ? undefined : dayStart(to);
  if (start !== undefined && end !== undefined && start.getTime() >= end.getTime()) return answer(indexCounts(filter).sql, indexCounts(filter).params);
  // the same venue and status on every range read
  const rest: string[] = [];
  const restParams: Param[] = [];
  if (filter.venueId !== undefined) {
    rest.push(" and venue_id = ?");
    restParams.push(filter.venueId);
  }
  if (filter.status !== undefined) {
    rest.push(" and status = ?");
    restParams.push(filter.status);
  }
  const ranges: (readonly [string, string])[] = [];
  if (from === undefined && to === undefined) ranges.push([ALL_DAYS, ALL_DAYS]);
  else {
    // whole months between the whole days, and the days outside them: two months of days at most
    const firstMonth = start === undefined ? undefined : monthStart(start).getTime() === start.getTime() ? start : nextMonth(start);
    const lastMonth = end === undefined ? undefined : monthStart(end);
    const day = (at: Date) => iso(at).slice(0, 10);
    const month = (at: Date) => `${MONTH_PREFIX}${iso(at).slice(0, 7)}`;
    if (firstMonth !== undefined && lastMonth !== undefined && firstMonth.getTime() >= lastMonth.getTime())
      ranges.push([day(start!), day(end!)]);
    else {
      if (start !== undefined) ranges.push([day(start), day(firstMonth!)]);
      ranges.push([firstMonth === undefined ? MONTH_PREFIX : month(firstMonth), lastMonth === undefined ? `${MONTH_PREFIX}~` : month(lastMonth)]);
      if (end !== undefined) ranges.push([day(lastMonth!), day(end)]);
    }
  }
  // each range a scalar subquery: a range of the primary key's days, the venue and status checked on its rows
  const sums = ranges.map(([low]) =>
    low === ALL_DAYS
      ? `(select coalesce(sum(payments + products), 0) from transaction_days where day = '${ALL_DAYS}'${rest.join("")})`
      : `(select coalesce(sum(payments + products), 0) from transaction_days where day >= ? and day < ?${rest.join("")})`,
  );
  const params = ranges.flatMap(([low, high]) => (low === ALL_DAYS ? restParams : [low, high, ...restParams]));
  const edges: TransactionFilter[] = [];
  if (from !== undefined && start !== undefined && start.getTime() > from.getTime()) edges.push({ ...filter, from, to: start });
  if (to !== undefined && end !== undefined && end.getTime() < to.getTime()) edges.push({ ...filter, from: end, to });
  const counts = edges.map(indexCounts);
  return answer([...sums, ...counts.flatMap((c) => c.sql)], [...params, ...counts.flatMap((c) => c.params)]);
};

/** The page of payments (a subquery on an index in the list's order), then their payers. */
const transactionsPage = (where: string, order: string) =>
  `select ${PAYMENT_COLUMNS}, ${PAYER_COLUMNS} ` +
  `from (select * from payments ${where} ${order} limit ? offset ?) p ` +
  `left join users u on u.id = p.user_id ${order.replace(/(booking_date|created_at|id) /g, "p.$1 ")}`;

/** The cursor of a row, in the list's order. */
const cursorOfRow = (filter: TransactionFilter, row: PaymentWithPayer): TransactionCursor => ({
  createdAt: row.createdAt,
  id: row.id,
  ...(listsByGameDate(filter) ? { bookingDate: row.bookingDate } : {}),
});

export const invoiceNumberOf = (year: number, n: number): string => `${year}-${String(n).padStart(6, "0")}`;

const byIntent = (tx: SqlTx, intentId: string) =>
  findOne(tx, `select ${PAYMENT_COLUMNS} from payments p where p.stripe_payment_intent_id = ?`, [intentId], toPayment);

/**
 * The steps of markSucceeded, in the one order every caller takes (payment, booking, link,
 * counter), so concurrent transactions on PostgreSQL queue on row locks instead of deadlocking.
 */
export const recordInTransaction = async (
  tx: SqlTx,
  taxRate: TaxRate,
  input: {
    readonly intentId: string;
    readonly at: Date;
    readonly shareLinkId: string | null;
    readonly events?: (facts: RecordedPaymentFacts) => readonly DomainEvent[];
  },
): Promise<RecordOutcome> => {
  const paid = await tx.one(
    "update payments set status = 'succeeded', paid_at = ? " +
      "where stripe_payment_intent_id = ? and status = 'pending' returning id, booking_id, amount, kind, user_id",
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
      "where id = ? and status not in ('cancelled', 'expired') and paid_amount + ? <= total_amount",
    [amount, bookingId, amount],
  );
  if (booked === 0) {
    const booking = await tx.one("select status from bookings where id = ?", [bookingId]);
    throw new Rollback(
      booking === undefined || ["cancelled", "expired"].includes(str(booking, "status")) ? { kind: "booking-gone" } : { kind: "overpaid" },
    );
  }

  // One payer pays one share. The booking's row, updated just above, is locked until this
  // transaction ends, so a second share of the same booking waits for it there (PostgreSQL) and
  // this statement, run after that wait, sees the first one committed.
  if (str(paid, "kind") === "shared") {
    const before = await tx.one("select id from payments where booking_id = ? and user_id = ? and status = 'succeeded' and id <> ? limit 1", [
      bookingId,
      str(paid, "user_id"),
      paymentId,
    ]);
    if (before) throw new Rollback({ kind: "share-already-paid" });
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
  await tx.run(
    // the tax rate in force, frozen with the number as the buyer is
    "update payments set invoice_number = ?, tax_rate_bp = ?, " +
      // an account by its full name when it has one (displayName); a guest without an account:
      // what they typed on /shared-payment (payment_payers)
      "buyer_name = coalesce((select coalesce(full_name, username) from users where users.id = payments.user_id), " +
      "(select name from payment_payers where payment_payers.payment_id = payments.id)), " +
      "buyer_email = coalesce((select email from users where users.id = payments.user_id), " +
      "(select email from payment_payers where payment_payers.payment_id = payments.id)) " +
      "where id = ?",
    [invoiceNumber, taxRate, paymentId],
  );

  const recorded = await byIntent(tx, input.intentId);
  if (!recorded) throw new Error(`payment ${paymentId} vanished inside its transaction`);
  if (input.events) {
    // what this transaction saw: the booking's paid amount and the link's places after this payment
    const booking = await tx.one("select paid_amount, total_amount from bookings where id = ?", [bookingId]);
    const link = input.shareLinkId === null ? undefined : await tx.one("select current_participants, max_participants from share_links where id = ?", [input.shareLinkId]);
    const facts: RecordedPaymentFacts = {
      paymentId,
      bookingId,
      bookingPaid: booking ? int(booking, "paid_amount") : 0,
      bookingTotal: booking ? int(booking, "total_amount") : Number.MAX_SAFE_INTEGER,
      linkParticipants: link ? int(link, "current_participants") : null,
      linkPlaces: link ? int(link, "max_participants") : null,
    };
    await recordEvents(tx, input.events(facts), input.at);
  }
  return { kind: "recorded", payment: recorded };
};

/** A Payment field as a bound parameter: instants as ISO text, a field the domain lacks as null. */
const asParam = (value: unknown): string | number | boolean | null =>
  value instanceof Date ? iso(value) : typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;

const INSERT_COLUMNS = PAYMENT_STORED_COLUMNS.split(",").map((c) => c.trim().replace(/^p\./, ""));
const INSERT = `insert into payments (${INSERT_COLUMNS.join(", ")}) values (${INSERT_COLUMNS.map(() => "?").join(", ")})`;
/** each column's Payment field: booking_id -> bookingId */
const INSERT_FIELDS = INSERT_COLUMNS.map((column) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));

/** Writes a payment's row, through `run`: the client's, or a transaction's. */
export const insertRow = async (run: SqlTx["run"], payment: Payment): Promise<void> => {
  const values = payment as unknown as Record<string, unknown>;
  await run(INSERT, INSERT_FIELDS.map((field) => asParam(values[field])));
};

/** Thrown inside insertSharePending's transaction when the code has no use left: the share's row goes too. */
class CodeUsedUp extends Error {
  constructor() {
    super("discount code used up");
  }
}

/** An arbitrary constant, the first key of the PostgreSQL advisory locks that queue a link's share inserts. */
const SHARE_PLACES_LOCK = 7_246_002;

/**
 * A share's row, written only while its link has a place no paid share (current_participants,
 * the organiser's included) and no other pending share of the link holds: the condition is the
 * insert's own, and its row count says whether it was written.
 */
const INSERT_SHARE =
  `insert into payments (${INSERT_COLUMNS.join(", ")}) select ${INSERT_COLUMNS.map(() => "?").join(", ")} ` +
  "where (select count(*) from payments where booking_id = ? and share_token = ? and kind = 'shared' and status = 'pending') " +
  "< (select max_participants - current_participants from share_links where token = ?)";

/**
 * Writes a share's pending payment while its link has a place (see INSERT_SHARE), with its code's
 * use reserved, in one transaction. Concurrent share inserts of one link queue before the insert
 * (SQLite: the transaction's write lock, BEGIN IMMEDIATE; PostgreSQL: an advisory lock per link,
 * held to the commit), so each one's condition counts the others' committed rows. The advisory
 * lock, not the link's row: a payment being recorded holds its totals bucket and then waits for
 * the link's row, which this insert's totals trigger would wait for in the other order. Recording
 * a share moves it from pending to the link's count in one commit, so the sum it reads is the same
 * before and after. The row first, then the code (the order markFailed takes them); insertPending
 * takes a code first, so should PostgreSQL end this transaction for a deadlock with it, nothing
 * was written and it runs again, up to SHARE_TRIES times.
 */
const insertShare = async (sql: SqlClient, payment: Payment): Promise<Payment | "code-used-up" | "no-place-left"> => {
  const token = payment.shareToken;
  if (payment.kind !== "shared" || token === null) throw new Error(`payment ${payment.id} is not a share of a link`);
  const values = payment as unknown as Record<string, unknown>;
  const row = INSERT_FIELDS.map((field) => asParam(values[field]));
  for (let tries = 1; ; tries++) {
    try {
      return await sql.transaction(async (tx) => {
        if (sql.engine === "postgresql") await tx.all("select pg_advisory_xact_lock(?, hashtext(?))", [SHARE_PLACES_LOCK, token]);
        if ((await tx.run(INSERT_SHARE, [...row, payment.bookingId, token, token])) === 0) return "no-place-left" as const;
        if (payment.discountCodeId !== null && (await tx.run(RESERVE_USE, [payment.discountCodeId, true])) === 0) throw new CodeUsedUp();
        return payment;
      });
    } catch (error) {
      if (error instanceof CodeUsedUp) return "code-used-up";
      if (!(error instanceof DeadlockException) || tries >= SHARE_TRIES) throw error;
    }
  }
};

const SHARE_TRIES = 3;

/** Leases the unleased payments that meet `condition` to one sweeping process, oldest first. */
const claimPayments = async (sql: SqlClient, condition: string, params: readonly Param[], now: Date, until: Date, limit: number): Promise<Payment[]> => {
  const claimed = await claimBatch(
    sql,
    {
      table: "payments",
      set: "claimed_until = ?",
      pick: `select p.id from payments p where ${condition} and (p.claimed_until is null or p.claimed_until <= ?) order by p.created_at, p.id limit ?`,
    },
    [iso(until), ...params, iso(now), limit],
  );
  if (claimed.length === 0) return [];
  const ids = claimed.map((r) => str(r, "id"));
  const rows = await sql.all(`select ${PAYMENT_COLUMNS} from payments p where p.id in (${placeholders(ids.length)}) order by p.created_at, p.id`, ids);
  return rows.map(toPayment);
};

/** Every payment of the filter in the list's order, read in batches by keyset: memory stays flat whatever the history. */
async function* streamPayments(sql: SqlClient, filter: TransactionFilter, batch: number): AsyncGenerator<PaymentWithPayer> {
  let after: TransactionCursor | undefined;
  for (;;) {
    // Keyset, not offset: every batch starts in the index where the last one stopped.
    const where = whereOf(filter, after);
    const rows = await sql.all(transactionsPage(where.sql, orderOf(filter)), [...where.params, batch, 0]);
    const items = rows.map(toPaymentWithPayer);
    for (const item of items) yield item;
    const last = items.at(-1);
    if (last === undefined || rows.length < batch) return;
    after = cursorOfRow(filter, last);
  }
}

/** `taxRate`: TAX_RATE_PERCENT in basis points, frozen on each payment as it is recorded. */
export const sqlPaymentRepository = (sql: SqlClient, taxRate: TaxRate = 0): PaymentRepository => ({
  async insertPending(payment) {
    // payments_intent_unique makes a second payment for one intent fail loudly.
    if (payment.discountCodeId === null) {
      await insertRow((text, params) => sql.run(text, params), payment);
      return payment;
    }
    const codeId = payment.discountCodeId;
    return sql.transaction(async (tx) => {
      // the code's use is reserved with the payment that holds it, or neither is written
      if ((await tx.run(RESERVE_USE, [codeId, true])) === 0) return "code-used-up" as const;
      await insertRow((text, params) => tx.run(text, params), payment);
      return payment;
    });
  },
  insertSharePending(payment) {
    return insertShare(sql, payment);
  },
  findById(id) {
    return findOne(sql, `${WITH_PAYER_SELECT} where p.id = ?`, [id], toPaymentWithPayer);
  },
  findByIntent(intentId) {
    return findOne(sql, `select ${PAYMENT_COLUMNS} from payments p where p.stripe_payment_intent_id = ?`, [intentId], toPayment);
  },
  findPending(bookingId, payerId, kind) {
    return findOne(
      sql,
      `select ${PAYMENT_COLUMNS} from payments p ` +
        "where p.booking_id = ? and p.user_id = ? and p.kind = ? and p.status = 'pending' " +
        "order by p.created_at desc, p.id desc limit 1",
      [bookingId, payerId, kind],
      toPayment,
    );
  },
  async markSucceeded(input) {
    // Caught outside the transaction: by then it is rolled back, and on PostgreSQL the aborted
    // transaction is gone, so the next call starts clean.
    try {
      return await sql.transaction((tx) => recordInTransaction(tx, taxRate, input));
    } catch (error) {
      if (error instanceof Rollback && error.outcome.kind !== "code-used-up") return error.outcome;
      throw error;
    }
  },
  async recordCash(payment, at, events) {
    try {
      return await sql.transaction(async (tx) => {
        // The payment's insert locks its player's row of counts (player_history_counts) before the
        // booking is written. A removal or a closure holding the lock on bookings (afterBookingWrites)
        // may be about to delete that player's bookings, which needs the same row: taken first, the
        // lock a booking's write takes anyway queues this payment behind it before it holds anything.
        if (sql.engine === "postgresql") await tx.run("lock table bookings in row exclusive mode");
        // written pending and recorded at once, by the same steps as a card payment
        await insertRow((text, params) => tx.run(text, params), { ...payment, status: "pending", paidAt: null, invoiceNumber: null });
        return recordInTransaction(tx, taxRate, { intentId: payment.stripePaymentIntentId, at, shareLinkId: null, events });
      });
    } catch (error) {
      if (error instanceof Rollback && error.outcome.kind !== "code-used-up") return error.outcome;
      throw error;
    }
  },
  async recordWallet(payment, at, shareLinkId, events) {
    const charged = payment.amount - payment.discount;
    try {
      return await sql.transaction(async (tx): Promise<WalletRecordOutcome> => {
        // the order recordCash takes (see there), then the wallet's row: concurrent spends of one
        // wallet queue on it, and each one's condition reads the balance the one before it left
        if (sql.engine === "postgresql") await tx.run("lock table bookings in row exclusive mode");
        const debited = await debitWallet(tx, {
          id: payment.id,
          userId: payment.userId,
          kind: "payment",
          amount: charged,
          at,
          bookingId: payment.bookingId,
          paymentId: payment.id,
        });
        if (!debited) return { kind: "insufficient-balance", balance: await balanceIn(tx, payment.userId) };
        if (payment.discountCodeId !== null && (await tx.run(RESERVE_USE, [payment.discountCodeId, true])) === 0) throw new Rollback({ kind: "code-used-up" });
        await insertRow((text, params) => tx.run(text, params), { ...payment, status: "pending", paidAt: null, invoiceNumber: null });
        const outcome = await recordInTransaction(tx, taxRate, { intentId: payment.stripePaymentIntentId, at, shareLinkId, events });
        if (outcome.kind !== "recorded") throw new Rollback(outcome);
        return { kind: "recorded", payment: outcome.payment, balance: await balanceIn(tx, payment.userId) };
      });
    } catch (error) {
      if (error instanceof Rollback) return error.outcome;
      throw error;
    }
  },
  markFailed(id, releaseUseOf = null) {
    return withReleasedUse(sql, releaseUseOf, (run) => run("update payments set status = 'failed' where id = ? and status = 'pending'", [id]));
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
  async pageByUser(userId, { page, pageSize }) {
    const [rows, count] = await Promise.all([
      sql.all(`select ${PAYMENT_COLUMNS} from payments p where p.user_id = ? order by p.created_at desc, p.id desc limit ? offset ?`, [
        userId,
        pageSize,
        (page - 1) * pageSize,
      ]),
      // kept with every payment written (player_history_counts): no count of the player's history
      sql.one("select payments as n from player_history_counts where user_id = ?", [userId]),
    ]);
    return { items: rows.map(toPayment), total: intOrZero(count, "n"), page, pageSize };
  },
  async pageTransactions(filter, { page, pageSize, after }) {
    const where = whereOf(filter, after);
    const offset = after === undefined ? (page - 1) * pageSize : 0;
    // the products sold are rows too (product-transactions.sql.ts): both lists are read to the
    // page's end from the top (or the cursor), merged, and the page cut from the merge
    const products = listsProducts(filter);
    // one row past the page says whether another page follows
    const [read, counted] = await Promise.all([
      products
        ? sql.all(transactionsPage(where.sql, orderOf(filter)), [...where.params, offset + pageSize + 1, 0])
        : sql.all(transactionsPage(where.sql, orderOf(filter)), [...where.params, pageSize + 1, offset]),
      countTransactions(sql, filter),
    ]);
    const sold = products ? await productRows(sql, filter, after, offset + pageSize + 1) : [];
    const rows = products ? mergeNewestFirst(read.map(toPaymentWithPayer), sold).slice(offset) : read.map(toPaymentWithPayer);
    const items = rows.slice(0, pageSize);
    const last = items.at(-1);
    return {
      items,
      total: counted,
      page,
      pageSize,
      nextAfter: rows.length > pageSize && last !== undefined ? cursorOfRow(filter, last) : null,
    };
  },
  streamTransactions(filter, options) {
    const batch = options?.batchSize ?? EXPORT_BATCH;
    const payments = streamPayments(sql, filter, batch);
    return listsProducts(filter) ? mergeStreams(payments, streamProducts(sql, filter, batch)) : payments;
  },
  async summary() {
    const row = await sql.one(
      "select coalesce(sum(settled_gross), 0) as gross, coalesce(sum(settled_discounts), 0) as discounts, " +
        "coalesce(sum(settled_fees), 0) as stripe_fees, coalesce(sum(settled_refunds), 0) as refunds, " +
        "coalesce(sum(succeeded_count), 0) as succeeded_count, coalesce(sum(pending_amount), 0) as pending_amount, " +
        "coalesce(sum(pending_count), 0) as pending_count from payment_totals",
    );
    // The summary is the club's money in and out (docs/ARCHITECTURE.md, "Money products in the
    // reports"): a product (top-up, punch card, membership) is money in when it is sold; a payment
    // from the wallet or with a punch card's hour moves money the club already counted, so it and
    // its refunds are taken out of the totals kept over every payment.
    const [wallet, bought] = await Promise.all([
      sql.one(
        "select coalesce(sum(amount), 0) as gross, coalesce(sum(discount), 0) as discounts, coalesce(sum(refunded_amount), 0) as refunds " +
          `from payments where kind in ('wallet', 'punch_card') and ${SETTLED}`,
      ),
      sql.one("select coalesce(sum(amount), 0) as amount, coalesce(sum(stripe_fee), 0) as fees from purchases where status = 'succeeded'"),
    ]);
    return {
      ...settledFigures({
        gross: intOrZero(row, "gross") - intOrZero(wallet, "gross") + intOrZero(bought, "amount"),
        discounts: intOrZero(row, "discounts") - intOrZero(wallet, "discounts"),
        stripeFees: intOrZero(row, "stripe_fees") + intOrZero(bought, "fees"),
        refunds: intOrZero(row, "refunds") - intOrZero(wallet, "refunds"),
      }),
      succeededCount: intOrZero(row, "succeeded_count"),
      pendingAmount: intOrZero(row, "pending_amount"),
      pendingCount: intOrZero(row, "pending_count"),
    };
  },
  async revenueBetween(from, to) {
    // money in, as the summary counts it: products when sold, wallet and punch-card payments not again
    const [row, bought] = await Promise.all([
      sql.one(
        "select coalesce(sum(amount - discount - refunded_amount), 0) as revenue from payments " +
          `where ${SETTLED} and kind not in ('wallet', 'punch_card') and paid_at >= ? and paid_at < ?`,
        [iso(from), iso(to)],
      ),
      sql.one("select coalesce(sum(amount), 0) as revenue from purchases where status = 'succeeded' and paid_at >= ? and paid_at < ?", [iso(from), iso(to)]),
    ]);
    return intOrZero(row, "revenue") + intOrZero(bought, "revenue");
  },
  async listStalePending(before) {
    const rows = await sql.all(
      `select ${PAYMENT_COLUMNS} from payments p where p.status = 'pending' and p.created_at < ? order by p.created_at, p.id`,
      [iso(before)],
    );
    return rows.map(toPayment);
  },
  oweRefund({ id, refundId, amount, flag, at, releaseUseOf = null }) {
    return sql.transaction(async (tx) => {
      const moved = await tx.run(
        "update payments set refund_owed = ?, flag = coalesce(?, flag), status = 'refunded' " +
          "where id = ? and refund_owed = 0 and refunded_amount = 0 and refund_sent_at is null and status <> 'succeeded'",
        [amount, flag, id],
      );
      if (moved === 0) return false;
      await tx.run(
        "insert into refunds (id, payment_id, booking_id, reason, status, amount, idempotency_key, created_at) " +
          "select ?, p.id, p.booking_id, 'settlement', 'owed', ?, ?, ? from payments p where p.id = ?",
        [refundId, amount, `refund-${refundId}`, iso(at), id],
      );
      if (releaseUseOf !== null) await tx.run(RELEASE_USE, [releaseUseOf]);
      return true;
    });
  },
  claimStalePending(before, now, until, limit, sharesWithCodeBefore) {
    if (sharesWithCodeBefore === undefined || sharesWithCodeBefore <= before)
      return claimPayments(sql, "p.status = 'pending' and p.created_at < ?", [iso(before)], now, until, limit);
    // a share with a code is abandoned sooner: its use comes back for everyone else
    return claimPayments(
      sql,
      "p.status = 'pending' and p.created_at < ? and (p.created_at < ? or (p.kind = 'shared' and p.discount_code_id is not null))",
      [iso(sharesWithCodeBefore), iso(before)],
      now,
      until,
      limit,
    );
  },
  async releaseClaim(id) {
    await sql.run("update payments set claimed_until = null where id = ?", [id]);
  },
});
