import type { AccountPolicy } from "../domain/account.js";
import type { BookingPolicy } from "../domain/hold.js";
import type { BallotRepository } from "./ballot-repository.js";
import type { AccountTokenRepository } from "./account-tokens.js";
import type { BlockRepository } from "./block-repository.js";
import type { BookingRepository } from "./booking-repository.js";
import type { CatalogQueries } from "./catalog-queries.js";
import type { Clock } from "./clock.js";
import type { CourtRepository } from "./court-repository.js";
import type { DiscountCodeRepository } from "./discount-code-repository.js";
import type { EventLog } from "./event-log.js";
import type { Ids } from "./ids.js";
import type { ImageRepository } from "./image-repository.js";
import type { InvoiceRenderer } from "./invoice-renderer.js";
import type { OpenMatchRepository } from "./open-match-repository.js";
import type { NotificationRepository, Outbox, WaitlistRepository } from "./notifications.js";
import type { PasswordHasher } from "./password-hasher.js";
import type { PaymentGateway } from "./payment-gateway.js";
import type { PaymentRepository } from "./payment-repository.js";
import type { RefundLedger } from "./refund-ledger.js";
import type { ReportQueries } from "./report-queries.js";
import type { ShareLinkRepository } from "./share-link-repository.js";
import type { UserRepository } from "./user-repository.js";
import type { VenueRepository } from "./venue-repository.js";
import type { MembershipRepository } from "./membership-repository.js";
import type { PunchCardRepository } from "./punch-card-repository.js";
import type { PurchaseRepository } from "./purchase-repository.js";
import type { WalletRepository } from "./wallet-repository.js";

export type * from "./account-tokens.js";
export type * from "./ballot-repository.js";
export type * from "./block-repository.js";
export type * from "./booking-repository.js";
export type * from "./catalog-queries.js";
export type * from "./clock.js";
export type * from "./court-repository.js";
export type * from "./discount-code-repository.js";
export type * from "./event-log.js";
export type * from "./ids.js";
export type * from "./image-repository.js";
export type * from "./invoice-renderer.js";
export type * from "./notifications.js";
export type * from "./open-match-repository.js";
export type * from "./password-hasher.js";
export type * from "./payment-gateway.js";
export type * from "./pagination.js";
export type * from "./payment-repository.js";
export type * from "./refund-ledger.js";
export type * from "./report-queries.js";
export type * from "./share-link-repository.js";
export type * from "./user-repository.js";
export type * from "./venue-repository.js";
export type * from "./membership-repository.js";
export type * from "./punch-card-repository.js";
export type * from "./purchase-repository.js";
export type * from "./wallet-repository.js";

/**
 * Every port of the product. Use cases take a plain object of the ports they need
 * (`Pick<Ports, ...>`): one style everywhere, trivially faked in tests.
 */
export interface Ports {
  readonly users: UserRepository;
  /** one-time links: password reset, email confirmation */
  readonly accountTokens: AccountTokenRepository;
  readonly venues: VenueRepository;
  readonly courts: CourtRepository;
  readonly bookings: BookingRepository;
  readonly catalog: CatalogQueries;
  readonly payments: PaymentRepository;
  readonly refunds: RefundLedger;
  readonly discountCodes: DiscountCodeRepository;
  readonly shareLinks: ShareLinkRepository;
  readonly images: ImageRepository;
  readonly blocks: BlockRepository;
  readonly outbox: Outbox;
  /** the events recorded with the changes, until their reactions ran */
  readonly events: EventLog;
  readonly notifications: NotificationRepository;
  readonly waitlist: WaitlistRepository;
  /** the release ballot's entries and draws (DESIGN.md section 15) */
  readonly ballots: BallotRepository;
  /** open matches: a booking's places offered to players of a level (DESIGN.md section 17) */
  readonly openMatches: OpenMatchRepository;
  /** the owner's reports, from aggregates kept with bookings and payments (DESIGN.md section 18) */
  readonly reports: ReportQueries;
  /** players' wallets: balance and statement (DESIGN.md section 16) */
  readonly wallets: WalletRepository;
  /** products bought by card outside a booking: top-ups (DESIGN.md section 16) */
  readonly purchases: PurchaseRepository;
  /** punch cards ('Bonos'): products and the players' hours (DESIGN.md section 16) */
  readonly punchCards: PunchCardRepository;
  /** memberships ('Socios'): venues' plans and players' memberships (DESIGN.md section 16) */
  readonly memberships: MembershipRepository;
  readonly gateway: PaymentGateway;
  readonly invoices: InvoiceRenderer;
  readonly passwords: PasswordHasher;
  readonly clock: Clock;
  readonly ids: Ids;
  /** hold minutes, unpaid limit, split deadline (configuration) */
  readonly policy: BookingPolicy;
  /** phone region, reset and confirmation link lifetimes (configuration) */
  readonly accounts: AccountPolicy;
}

/** The repositories: what one SQL (or in-memory) persistence provides. */
export type Repositories = Pick<
  Ports,
  "users" | "accountTokens" | "venues" | "courts" | "bookings" | "catalog" | "payments" | "refunds" | "discountCodes" | "shareLinks" | "images" | "blocks" | "outbox" | "events" | "notifications" | "waitlist" | "ballots" | "openMatches" | "wallets" | "purchases" | "punchCards" | "memberships"
  | "reports"
>;
