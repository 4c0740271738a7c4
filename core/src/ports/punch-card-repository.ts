import type { DomainEvent, RecordedPaymentFacts } from "../domain/events.js";
import type { Payment } from "../domain/entities.js";
import type { PunchCard, PunchCardProduct } from "../domain/punch-cards.js";
import type { RecordOutcome } from "./payment-repository.js";

export type PunchCardPaymentOutcome =
  | { readonly kind: "recorded"; readonly payment: Payment; readonly hoursLeft: number }
  /** the card had no hour left (or expired) when the transaction took it: nothing written */
  | { readonly kind: "no-hour-left" }
  | Exclude<RecordOutcome, { readonly kind: "recorded" }>;

/** Punch cards ('Bonos', DESIGN.md section 16): the club's products and the players' cards. */
export interface PunchCardRepository {
  insertProduct(product: PunchCardProduct): Promise<void>;
  findProduct(id: string): Promise<PunchCardProduct | undefined>;
  /** newest first; `activeOnly` for what players may buy */
  listProducts(activeOnly: boolean): Promise<PunchCardProduct[]>;
  /** false when it was not active */
  deactivateProduct(id: string): Promise<boolean>;
  /** a card granted (a purchase recorded): `hoursLeft` = the product's hours */
  insertCard(card: PunchCard): Promise<void>;
  findCard(id: string): Promise<PunchCard | undefined>;
  /** the player's cards, the ones that expire soonest first */
  listCards(userId: string): Promise<PunchCard[]>;
  /**
   * In one transaction or not at all: one hour taken from the card with a conditional UPDATE
   * (hours_left > 0, not expired at `at`; the CHECK hours_left >= 0 beneath it), the use written
   * against the payment, and the payment (kind `punch_card`) recorded by the steps of a cash
   * payment (the booking's paid amount, the gapless invoice number). A cancellation of the
   * booking refunded at 100% gives the hour back in the database (a trigger on bookings).
   */
  recordPayment(
    payment: Payment,
    punchCardId: string,
    at: Date,
    events?: (facts: RecordedPaymentFacts) => readonly DomainEvent[],
  ): Promise<PunchCardPaymentOutcome>;
}
