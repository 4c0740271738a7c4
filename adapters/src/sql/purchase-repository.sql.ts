import { PURCHASE_PRODUCTS, type Purchase, type PurchaseProduct, type PurchaseRepository, type TaxRate } from "@courts/core";
import { oneOf } from "./mappers.js";
import { invoiceNumberOf } from "./payment-repository.sql.js";
import { findOne, instant, instantOrNull, int, intOrNull, intOrZero, iso, str, strOrNull } from "./rows.js";
import { claimBatch, placeholders, type Row, type SqlClient, type SqlTx } from "./sql-client.js";
import { grantMembership } from "./membership-repository.sql.js";
import { grantPunchCard } from "./punch-card-repository.sql.js";
import { creditWallet } from "./wallet-repository.sql.js";

const COLUMNS =
  "id, user_id, product, product_ref, amount, stripe_fee, intent_id, status, invoice_number, tax_rate_bp, buyer_name, buyer_email, created_at, paid_at";

const toPurchase = (r: Row): Purchase => ({
  id: str(r, "id"),
  userId: str(r, "user_id"),
  product: oneOf(r, "product", PURCHASE_PRODUCTS),
  productRef: strOrNull(r, "product_ref"),
  amount: int(r, "amount"),
  stripeFee: int(r, "stripe_fee"),
  intentId: str(r, "intent_id"),
  status: oneOf(r, "status", ["pending", "succeeded", "failed"] as const),
  invoiceNumber: strOrNull(r, "invoice_number"),
  taxRate: intOrNull(r, "tax_rate_bp"),
  buyerName: strOrNull(r, "buyer_name"),
  buyerEmail: strOrNull(r, "buyer_email"),
  createdAt: instant(r, "created_at"),
  paidAt: instantOrNull(r, "paid_at"),
});

/**
 * What recording each product does, inside the transaction that records it. A product added
 * later (a punch card, a membership) adds its effect here.
 */
const EFFECTS: Readonly<Record<PurchaseProduct, (tx: SqlTx, purchase: Purchase, at: Date) => Promise<void>>> = {
  wallet_topup: (tx, purchase, at) =>
    creditWallet(tx, { id: purchase.id, userId: purchase.userId, kind: "topup", amount: purchase.amount, at, purchaseId: purchase.id }),
  // the card of the product bought (productRef), its hours and expiry counted from now
  punch_card: (tx, purchase, at) => {
    if (purchase.productRef === null) throw new Error(`punch card purchase ${purchase.id} names no product`);
    return grantPunchCard(tx, { id: purchase.id, userId: purchase.userId, productId: purchase.productRef, purchaseId: purchase.id, at });
  },
  // the membership of the plan bought (productRef); one recorded at the desk has a cash key of its own
  membership: (tx, purchase, at) => {
    if (purchase.productRef === null) throw new Error(`membership purchase ${purchase.id} names no plan`);
    const paidBy = purchase.intentId.startsWith("cash-") ? "cash" : "card";
    return grantMembership(tx, { userId: purchase.userId, planId: purchase.productRef, purchaseId: purchase.id, paidBy, at });
  },
};

/** `taxRate`: TAX_RATE_PERCENT in basis points, frozen on the purchase with its invoice number, as payments do. */
export const sqlPurchaseRepository = (sql: SqlClient, taxRate: TaxRate = 0): PurchaseRepository => {
  const byIntent = (run: Pick<SqlTx, "one">, intentId: string) =>
    findOne(run, `select ${COLUMNS} from purchases where intent_id = ?`, [intentId], toPurchase);
  return {
    async insertPending(p) {
      await sql.run(
        "insert into purchases (id, user_id, product, product_ref, amount, stripe_fee, intent_id, status, created_at) values (?, ?, ?, ?, ?, ?, ?, 'pending', ?)",
        [p.id, p.userId, p.product, p.productRef, p.amount, p.stripeFee, p.intentId, iso(p.createdAt)],
      );
    },
    findById(id) {
      return findOne(sql, `select ${COLUMNS} from purchases where id = ?`, [id], toPurchase);
    },
    findByIntent(intentId) {
      return byIntent(sql, intentId);
    },
    markSucceeded(intentId, at) {
      return sql.transaction(async (tx) => {
        const year = at.getUTCFullYear();
        const moved = await tx.run(
          "update purchases set status = 'succeeded', paid_at = ?, claimed_until = null, tax_rate_bp = ?, " +
            "buyer_name = (select coalesce(full_name, username) from users where users.id = purchases.user_id), " +
            "buyer_email = (select email from users where users.id = purchases.user_id) " +
            "where intent_id = ? and status in ('pending', 'failed')",
          [iso(at), taxRate, intentId],
        );
        if (moved === 0) {
          const current = await findOne(tx, `select ${COLUMNS} from purchases where intent_id = ?`, [intentId], toPurchase);
          return current ? { kind: "already-recorded" as const, purchase: current } : { kind: "not-found" as const };
        }
        // the same gapless yearly sequence as the payments' invoices: one numbering for the club
        const counter = await tx.one(
          "insert into invoice_counters (year, last_number) values (?, 1) " +
            "on conflict (year) do update set last_number = invoice_counters.last_number + 1 returning last_number",
          [year],
        );
        if (!counter) throw new Error("invoice counter returned no row");
        await tx.run("update purchases set invoice_number = ? where intent_id = ?", [invoiceNumberOf(year, int(counter, "last_number")), intentId]);
        const purchase = await findOne(tx, `select ${COLUMNS} from purchases where intent_id = ?`, [intentId], toPurchase);
        if (!purchase) throw new Error(`purchase of ${intentId} vanished inside its transaction`);
        await EFFECTS[purchase.product](tx, purchase, at);
        return { kind: "recorded" as const, purchase };
      });
    },
    async markFailed(id) {
      return (await sql.run("update purchases set status = 'failed', claimed_until = null where id = ? and status = 'pending'", [id])) > 0;
    },
    async claimPending(before, now, until, limit) {
      const claimed = await claimBatch(
        sql,
        {
          table: "purchases",
          set: "claimed_until = ?",
          pick:
            "select p.id from purchases p where p.status = 'pending' and p.created_at < ? and (p.claimed_until is null or p.claimed_until <= ?) " +
            "order by p.created_at, p.id limit ?",
        },
        [iso(until), iso(before), iso(now), limit],
      );
      if (claimed.length === 0) return [];
      const ids = claimed.map((r) => str(r, "id"));
      const rows = await sql.all(`select ${COLUMNS} from purchases where id in (${placeholders(ids.length)}) order by created_at, id`, ids);
      return rows.map(toPurchase);
    },
    async releaseClaim(id) {
      await sql.run("update purchases set claimed_until = null where id = ?", [id]);
    },
    async page({ page, pageSize }) {
      const [rows, count] = await Promise.all([
        sql.all(
          `select ${COLUMNS.split(", ").map((c) => `p.${c}`).join(", ")}, coalesce(p.buyer_name, u.full_name, u.username) as user_name, ` +
            "coalesce(p.buyer_email, u.email) as user_email from purchases p left join users u on u.id = p.user_id " +
            "order by p.created_at desc, p.id desc limit ? offset ?",
          [pageSize, (page - 1) * pageSize],
        ),
        sql.one("select count(*) as n from purchases"),
      ]);
      const items = rows.map((r) => ({ ...toPurchase(r), userName: strOrNull(r, "user_name"), userEmail: strOrNull(r, "user_email") }));
      return { items, total: intOrZero(count, "n"), page, pageSize };
    },
    async pageOfUser(userId, { page, pageSize }, product) {
      const only = product === undefined ? "" : " and p.product = ?";
      const params = product === undefined ? [userId] : [userId, product];
      // purchases_user_idx (user_id, created_at) walks the buyer's own; the names by primary key
      const [rows, count] = await Promise.all([
        sql.all(
          `select ${COLUMNS.split(", ").map((c) => `p.${c}`).join(", ")}, ` +
            "case p.product when 'punch_card' then (select k.name from punch_card_products k where k.id = p.product_ref) " +
            "when 'membership' then (select m.name from membership_plans m where m.id = p.product_ref) end as product_name " +
            `from purchases p where p.user_id = ?${only} order by p.created_at desc, p.id desc limit ? offset ?`,
          [...params, pageSize, (page - 1) * pageSize],
        ),
        sql.one(`select count(*) as n from purchases p where p.user_id = ?${only}`, params),
      ]);
      const items = rows.map((r) => ({ ...toPurchase(r), productName: strOrNull(r, "product_name") }));
      return { items, total: intOrZero(count, "n"), page, pageSize };
    },
    async totals(from, to) {
      const params = [...(from ? [iso(from)] : []), ...(to ? [iso(to)] : [])];
      const row = await sql.one(
        "select coalesce(sum(amount), 0) as amount, coalesce(sum(stripe_fee), 0) as fees, count(*) as n from purchases where status = 'succeeded'" +
          (from ? " and paid_at >= ?" : "") +
          (to ? " and paid_at < ?" : ""),
        params,
      );
      return { amount: intOrZero(row, "amount"), fees: intOrZero(row, "fees"), count: intOrZero(row, "n") };
    },
  };
};
