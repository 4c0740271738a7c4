import { PRODUCT_NAMES, PURCHASE_PRODUCTS, type PaymentWithPayer, type TransactionCursor, type TransactionFilter } from "@courts/core";
import { oneOf } from "./mappers.js";
import { instant, instantOrNull, int, intOrNull, iso, str, strOrNull } from "./rows.js";
import type { Param, Row, SqlClient } from "./sql-client.js";

/**
 * The products sold (purchases: top-ups, punch cards, memberships, by card or at the desk) as rows
 * of the admin's transactions and their CSV (DESIGN.md section 16's last point): read newest first
 * by (created_at, id), as the payments are when no game date is asked, and merged with them, so
 * a cursor (the last row's created_at and id) pages the union as it pages the payments alone.
 * A product has no game: a filter by game date leaves the products out; a venue's filter keeps
 * those of its venue (a membership of one of its plans, a punch card valid only there).
 */

/** whether a filter lists the products sold: not when it asks for game dates */
export const listsProducts = (filter: TransactionFilter): boolean => filter.gameFrom === undefined && filter.gameTo === undefined;

const FROM =
  "from purchases p left join users u on u.id = p.user_id " +
  "left join membership_plans mp on p.product = 'membership' and mp.id = p.product_ref " +
  "left join punch_card_products pp on p.product = 'punch_card' and pp.id = p.product_ref";

const VENUE = "coalesce(mp.venue_id, pp.venue_id)";

/**
 * the products of a venue: counted through the plans' and cards' venue indexes, then
 * purchases_product_ref_idx; a page reads the purchases in their order instead (`|| ''`: no index
 * on product_ref is chosen, which would sort the venue's every purchase under the LIMIT)
 */
const ofVenue = (column: string) => `${column} in (select id from membership_plans where venue_id = ? union all select id from punch_card_products where venue_id = ?)`;

const whereOf = (filter: TransactionFilter, after?: TransactionCursor, inOrder = false): { readonly sql: string; readonly params: Param[] } => {
  const parts: string[] = [];
  const params: Param[] = [];
  if (filter.venueId !== undefined) {
    parts.push(ofVenue(inOrder ? "(p.product_ref || '')" : "p.product_ref"));
    params.push(filter.venueId, filter.venueId);
  }
  if (filter.status !== undefined) {
    parts.push("p.status = ?");
    params.push(filter.status);
  }
  if (filter.from !== undefined) {
    parts.push("p.created_at >= ?");
    params.push(iso(filter.from));
  }
  if (filter.to !== undefined) {
    parts.push("p.created_at < ?");
    params.push(iso(filter.to));
  }
  if (after !== undefined) {
    parts.push("(p.created_at, p.id) < (?, ?)");
    params.push(iso(after.createdAt), after.id);
  }
  return { sql: parts.length === 0 ? "" : `where ${parts.join(" and ")}`, params };
};

const SELECT =
  "select p.id, p.user_id, p.product, p.amount, p.stripe_fee, p.intent_id, p.status, p.invoice_number, p.tax_rate_bp, p.created_at, p.paid_at, " +
  "coalesce(p.buyer_name, u.full_name, u.username) as user_name, coalesce(p.buyer_email, u.email) as user_email, " +
  `coalesce(mp.name, pp.name) as ref_name, (select v.name from venues v where v.id = ${VENUE}) as venue_name`;

/** A purchase as a transaction's row: see ProductSale. */
const toRow = (r: Row): PaymentWithPayer => {
  const product = oneOf(r, "product", PURCHASE_PRODUCTS);
  const intentId = str(r, "intent_id");
  // a purchase recorded at the desk (a membership paid in cash) has a cash key of its own
  const cash = intentId.startsWith("cash-");
  const refName = strOrNull(r, "ref_name");
  const amount = int(r, "amount");
  const fee = int(r, "stripe_fee");
  const createdAt = instant(r, "created_at");
  const taxRate = intOrNull(r, "tax_rate_bp");
  return {
    id: str(r, "id"),
    bookingId: "",
    userId: str(r, "user_id"),
    kind: cash ? "cash" : "full",
    status: oneOf(r, "status", ["pending", "succeeded", "failed"] as const),
    amount,
    discount: 0,
    discountCode: null,
    discountCodeId: null,
    stripeFee: fee,
    netAmount: amount - fee,
    refundedAmount: 0,
    refundOwed: 0,
    refundSentAt: null,
    flag: null,
    stripePaymentIntentId: intentId,
    shareToken: null,
    invoiceNumber: strOrNull(r, "invoice_number"),
    createdAt,
    paidAt: instantOrNull(r, "paid_at"),
    venueName: strOrNull(r, "venue_name") ?? "",
    courtName: refName === null ? PRODUCT_NAMES[product] : `${PRODUCT_NAMES[product]}: ${refName}`,
    courtNumber: 0,
    bookingDate: iso(createdAt).slice(0, 10),
    timeSlot: "00:00",
    gameType: "singles",
    userName: strOrNull(r, "user_name"),
    userEmail: strOrNull(r, "user_email"),
    ...(taxRate === null ? {} : { taxRate }),
    sale: { product, name: refName === null ? PRODUCT_NAMES[product] : `${PRODUCT_NAMES[product]}: ${refName}`, method: cash ? "cash" : "card" },
  } as PaymentWithPayer;
};

/** Up to `limit` products sold of the filter after the cursor, newest first. */
export const productRows = async (sql: SqlClient, filter: TransactionFilter, after: TransactionCursor | undefined, limit: number): Promise<PaymentWithPayer[]> => {
  if (!listsProducts(filter) || limit <= 0) return [];
  const where = whereOf(filter, after, true);
  const rows = await sql.all(`${SELECT} ${FROM} ${where.sql} order by p.created_at desc, p.id desc limit ?`, [...where.params, limit]);
  return rows.map(toRow);
};

/** The statement that counts the products sold a filter holds (none with a game date): a part of another's, as a scalar subquery. */
export const productCount = (filter: TransactionFilter): { readonly sql: string; readonly params: Param[] } => {
  if (!listsProducts(filter)) return { sql: "select 0", params: [] };
  const where = whereOf(filter);
  return { sql: `select count(*) as n from purchases p ${where.sql}`, params: where.params };
};

/** newest first, as both lists are read: created_at, then id, descending */
export const newerFirst = (a: PaymentWithPayer, b: PaymentWithPayer): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Two lists each newest first, merged into one in the same order (each keeps the order it was read in). */
export const mergeNewestFirst = (payments: readonly PaymentWithPayer[], products: readonly PaymentWithPayer[]): PaymentWithPayer[] => {
  const merged: PaymentWithPayer[] = [];
  let i = 0;
  let j = 0;
  while (i < payments.length || j < products.length) {
    if (j >= products.length || (i < payments.length && newerFirst(payments[i]!, products[j]!) <= 0)) merged.push(payments[i++]!);
    else merged.push(products[j++]!);
  }
  return merged;
};

/** Two streams each newest first, merged into one in the same order, reading each as it is taken. */
export async function* mergeStreams(a: AsyncIterable<PaymentWithPayer>, b: AsyncIterable<PaymentWithPayer>): AsyncGenerator<PaymentWithPayer> {
  const left = a[Symbol.asyncIterator]();
  const right = b[Symbol.asyncIterator]();
  let l = await left.next();
  let r = await right.next();
  while (!l.done || !r.done) {
    if (r.done || (!l.done && newerFirst(l.value, r.value) <= 0)) {
      yield l.value as PaymentWithPayer;
      l = await left.next();
    } else {
      yield r.value;
      r = await right.next();
    }
  }
}

/** Every product sold of the filter, newest first, `batch` rows at a time by keyset. */
export async function* streamProducts(sql: SqlClient, filter: TransactionFilter, batch: number): AsyncGenerator<PaymentWithPayer> {
  let after: TransactionCursor | undefined;
  for (;;) {
    const rows = await productRows(sql, filter, after, batch);
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (last === undefined || rows.length < batch) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
