import { Migration } from "@mikro-orm/migrations";

/**
 * The products sold as rows of the admin's transactions (product-transactions.sql.ts) read
 * through indexes whatever the history: of one status newest first (status, created_at, id), and
 * of one venue (the venue's plans and punch card products, then their purchases by product_ref).
 */
export class Migration20261208000801ProductTransactionIndexes extends Migration {
  override up(): void {
    this.addSql("create index purchases_status_created_id_idx on purchases (status, created_at, id)");
    this.addSql("create index purchases_product_ref_idx on purchases (product_ref)");
    this.addSql("create index punch_card_products_venue_idx on punch_card_products (venue_id)");
  }

  override down(): void {}
}
