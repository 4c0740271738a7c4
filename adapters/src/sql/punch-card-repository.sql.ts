import type { PunchCard, PunchCardPaymentOutcome, PunchCardProduct, PunchCardRepository, TaxRate } from "@courts/core";
import { oneOf } from "./mappers.js";
import { insertRow, recordInTransaction, Rollback } from "./payment-repository.sql.js";
import { bool, findOne, instant, int, iso, str, strOrNull } from "./rows.js";
import type { Row, SqlClient, SqlTx } from "./sql-client.js";

const BANDS = ["day", "night"] as const;
const bandOrNull = (r: Row, column: string) => (r[column] == null ? null : oneOf(r, column, BANDS));

const PRODUCT_COLUMNS = "id, name, hours, price, valid_days, venue_id, band, active, created_at";
const toProduct = (r: Row): PunchCardProduct => ({
  id: str(r, "id"),
  name: str(r, "name"),
  hours: int(r, "hours"),
  price: int(r, "price"),
  validDays: int(r, "valid_days"),
  venueId: strOrNull(r, "venue_id"),
  band: bandOrNull(r, "band"),
  active: bool(r, "active"),
  createdAt: instant(r, "created_at"),
});

const CARD_COLUMNS = "id, user_id, product_id, name, hours, hours_left, venue_id, band, expires_at, purchase_id, created_at";
const toCard = (r: Row): PunchCard => ({
  id: str(r, "id"),
  userId: str(r, "user_id"),
  productId: str(r, "product_id"),
  name: str(r, "name"),
  hours: int(r, "hours"),
  hoursLeft: int(r, "hours_left"),
  venueId: strOrNull(r, "venue_id"),
  band: bandOrNull(r, "band"),
  expiresAt: instant(r, "expires_at"),
  purchaseId: strOrNull(r, "purchase_id"),
  createdAt: instant(r, "created_at"),
});

/**
 * A card granted in the caller's transaction: what recording a punch card's purchase does (the
 * purchases' effect for the product). Once per purchase (a unique index on purchase_id).
 */
export const grantPunchCard = async (
  tx: SqlTx,
  grant: { readonly id: string; readonly userId: string; readonly productId: string; readonly purchaseId: string | null; readonly at: Date },
): Promise<void> => {
  const product = await findOne(tx, `select ${PRODUCT_COLUMNS} from punch_card_products where id = ?`, [grant.productId], toProduct);
  if (!product) throw new Error(`punch card product ${grant.productId} not found`);
  await tx.run(
    `insert into punch_cards (${CARD_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
    [
      grant.id,
      grant.userId,
      product.id,
      product.name,
      product.hours,
      product.hours,
      product.venueId,
      product.band,
      iso(new Date(grant.at.getTime() + product.validDays * 86_400_000)),
      grant.purchaseId,
      iso(grant.at),
    ],
  );
};

export const sqlPunchCardRepository = (sql: SqlClient, taxRate: TaxRate = 0): PunchCardRepository => ({
  async insertProduct(p) {
    await sql.run(
      `insert into punch_card_products (${PRODUCT_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [p.id, p.name, p.hours, p.price, p.validDays, p.venueId, p.band, p.active, iso(p.createdAt)],
    );
  },
  findProduct(id) {
    return findOne(sql, `select ${PRODUCT_COLUMNS} from punch_card_products where id = ?`, [id], toProduct);
  },
  async listProducts(activeOnly) {
    const rows = await sql.all(
      `select ${PRODUCT_COLUMNS} from punch_card_products ${activeOnly ? "where active = ? " : ""}order by created_at desc, id desc limit 500`,
      activeOnly ? [true] : [],
    );
    return rows.map(toProduct);
  },
  async deactivateProduct(id) {
    return (await sql.run("update punch_card_products set active = ? where id = ? and active = ?", [false, id, true])) > 0;
  },
  async insertCard(c) {
    await sql.run(`insert into punch_cards (${CARD_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      c.id,
      c.userId,
      c.productId,
      c.name,
      c.hours,
      c.hoursLeft,
      c.venueId,
      c.band,
      iso(c.expiresAt),
      c.purchaseId,
      iso(c.createdAt),
    ]);
  },
  findCard(id) {
    return findOne(sql, `select ${CARD_COLUMNS} from punch_cards where id = ?`, [id], toCard);
  },
  async listCards(userId) {
    const rows = await sql.all(`select ${CARD_COLUMNS} from punch_cards where user_id = ? order by expires_at, id limit 500`, [userId]);
    return rows.map(toCard);
  },
  async recordPayment(payment, punchCardId, at, events) {
    try {
      return await sql.transaction(async (tx): Promise<PunchCardPaymentOutcome> => {
        // the order recordCash takes (see there), then the card's row: concurrent uses of one card
        // queue on it, and each one's condition reads the hours the one before it left
        if (sql.engine === "postgresql") await tx.run("lock table bookings in row exclusive mode");
        const taken = await tx.one(
          "update punch_cards set hours_left = hours_left - 1 where id = ? and user_id = ? and hours_left > 0 and expires_at > ? returning hours_left",
          [punchCardId, payment.userId, iso(at)],
        );
        if (!taken) return { kind: "no-hour-left" };
        await insertRow((text, params) => tx.run(text, params), { ...payment, status: "pending", paidAt: null, invoiceNumber: null });
        await tx.run("insert into punch_card_uses (payment_id, punch_card_id, booking_id, created_at) values (?, ?, ?, ?)", [
          payment.id,
          punchCardId,
          payment.bookingId,
          iso(at),
        ]);
        const outcome = await recordInTransaction(tx, taxRate, { intentId: payment.stripePaymentIntentId, at, shareLinkId: null, ...(events ? { events } : {}) });
        if (outcome.kind !== "recorded") throw new Rollback(outcome);
        return { kind: "recorded", payment: outcome.payment, hoursLeft: int(taken, "hours_left") };
      });
    } catch (error) {
      if (error instanceof Rollback && error.outcome.kind !== "code-used-up") return error.outcome;
      throw error;
    }
  },
});
