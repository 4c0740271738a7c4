import type { MigrationObject } from "@mikro-orm/core";
import { Migration20261121000001InitialSchema } from "./Migration20261121000001_initial_schema.js";
import { Migration20261121000002ServerState } from "./Migration20261121000002_server_state.js";
import { Migration20261123001200RefundsOwed } from "./Migration20261123001200_refunds_owed.js";
import { Migration20261123001300HoldsAndSplitDeadline } from "./Migration20261123001300_holds_and_split_deadline.js";
import { Migration20261123001400LimitsAndFrozenInvoices } from "./Migration20261123001400_limits_and_frozen_invoices.js";
import { Migration20261123001500HistoryAtScale } from "./Migration20261123001500_history_at_scale.js";
import { Migration20261123001900AvailabilityChanges } from "./Migration20261123001900_availability_changes.js";
import { Migration20261124000100HoldChecks } from "./Migration20261124000100_hold_checks.js";
import { Migration20261124000200CourtListChanges } from "./Migration20261124000200_court_list_changes.js";
import { Migration20261125000100PlayerHistoryCounts } from "./Migration20261125000100_player_history_counts.js";
import { Migration20261125000200HoldInOneCall } from "./Migration20261125000200_hold_in_one_call.js";
import { Migration20261126000100SessionAndVenueNameChanges } from "./Migration20261126000100_session_and_venue_name_changes.js";
import { Migration20261126000200PostgresChangeNotices } from "./Migration20261126000200_postgres_change_notices.js";
import { Migration20261127000100HoldsTogether } from "./Migration20261127000100_holds_together.js";
import { Migration20261127000200HoldLockNoKeyUpdate } from "./Migration20261127000200_hold_lock_no_key_update.js";
import { Migration20261128000100ClosureRefundsSentAt } from "./Migration20261128000100_closure_refunds_sent_at.js";
import { Migration20261207000100RefundLedger } from "./Migration20261207000100_refund_ledger.js";
import { Migration20261207000300SimulatedRefundMetadata } from "./Migration20261207000300_simulated_refund_metadata.js";
import { Migration20261207000400DomainEvents } from "./Migration20261207000400_domain_events.js";
import { Migration20261207000500Accounts } from "./Migration20261207000500_accounts.js";
import { Migration20261207000600HoldAbuseLimits } from "./Migration20261207000600_hold_abuse_limits.js";
import { Migration20261207000800InvoiceTaxRate } from "./Migration20261207000800_invoice_tax_rate.js";
import { Migration20261207000900VenueRules } from "./Migration20261207000900_venue_rules.js";
import { Migration20261207001000ReleaseBallot } from "./Migration20261207001000_release_ballot.js";
import { Migration20261208000500Wallets } from "./Migration20261208000500_wallets.js";
import { Migration20261208000400OwnerReports } from "./Migration20261208000400_owner_reports.js";
import { Migration20261208000401ReportSummaryIndex } from "./Migration20261208000401_report_summary_index.js";
import { Migration20261208000010HoldTellsHolder } from "./Migration20261208000010_hold_tells_holder.js";
import { Migration20261123001800ClubOperations } from "./Migration20261123001800_club_operations.js";
import { Migration20261123001700Notifications } from "./Migration20261123001700_notifications.js";
import { Migration20261208000600OpenMatches } from "./Migration20261208000600_open_matches.js";
import { Migration20261208000601MatchDigestDay } from "./Migration20261208000601_match_digest_day.js";
import { Migration20261208000700PunchCards } from "./Migration20261208000700_punch_cards.js";
import { Migration20261208000701Memberships } from "./Migration20261208000701_memberships.js";
import { Migration20261208000950OpenMatchChanges } from "./Migration20261208000950_open_match_changes.js";

/**
 * Every migration, in order, listed by hand so they run the same from src (tsx, vitest) and
 * from the compiled dist, with no file globbing. Append new ones; never edit an applied one.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: "Migration20261121000001_initial_schema", class: Migration20261121000001InitialSchema },
  { name: "Migration20261121000002_server_state", class: Migration20261121000002ServerState },
  { name: "Migration20261123001200_refunds_owed", class: Migration20261123001200RefundsOwed },
  { name: "Migration20261123001300_holds_and_split_deadline", class: Migration20261123001300HoldsAndSplitDeadline },
  { name: "Migration20261123001400_limits_and_frozen_invoices", class: Migration20261123001400LimitsAndFrozenInvoices },
  { name: "Migration20261123001500_history_at_scale", class: Migration20261123001500HistoryAtScale },
  { name: "Migration20261123001800_club_operations", class: Migration20261123001800ClubOperations },
  { name: "Migration20261123001700_notifications", class: Migration20261123001700Notifications },
  { name: "Migration20261123001900_availability_changes", class: Migration20261123001900AvailabilityChanges },
  { name: "Migration20261124000100_hold_checks", class: Migration20261124000100HoldChecks },
  { name: "Migration20261124000200_court_list_changes", class: Migration20261124000200CourtListChanges },
  { name: "Migration20261125000100_player_history_counts", class: Migration20261125000100PlayerHistoryCounts },
  { name: "Migration20261125000200_hold_in_one_call", class: Migration20261125000200HoldInOneCall },
  { name: "Migration20261126000100_session_and_venue_name_changes", class: Migration20261126000100SessionAndVenueNameChanges },
  { name: "Migration20261126000200_postgres_change_notices", class: Migration20261126000200PostgresChangeNotices },
  { name: "Migration20261127000100_holds_together", class: Migration20261127000100HoldsTogether },
  { name: "Migration20261127000200_hold_lock_no_key_update", class: Migration20261127000200HoldLockNoKeyUpdate },
  { name: "Migration20261128000100_closure_refunds_sent_at", class: Migration20261128000100ClosureRefundsSentAt },
  { name: "Migration20261207000100_refund_ledger", class: Migration20261207000100RefundLedger },
  { name: "Migration20261207000300_simulated_refund_metadata", class: Migration20261207000300SimulatedRefundMetadata },
  { name: "Migration20261207000400_domain_events", class: Migration20261207000400DomainEvents },
  { name: "Migration20261207000500_accounts", class: Migration20261207000500Accounts },
  { name: "Migration20261207000600_hold_abuse_limits", class: Migration20261207000600HoldAbuseLimits },
  { name: "Migration20261207000800_invoice_tax_rate", class: Migration20261207000800InvoiceTaxRate },
  { name: "Migration20261207000900_venue_rules", class: Migration20261207000900VenueRules },
  { name: "Migration20261207001000_release_ballot", class: Migration20261207001000ReleaseBallot },
  { name: "Migration20261208000400_owner_reports", class: Migration20261208000400OwnerReports },
  { name: "Migration20261208000401_report_summary_index", class: Migration20261208000401ReportSummaryIndex },
  { name: "Migration20261208000600_open_matches", class: Migration20261208000600OpenMatches },
  { name: "Migration20261208000601_match_digest_day", class: Migration20261208000601MatchDigestDay },
  { name: "Migration20261208000010_hold_tells_holder", class: Migration20261208000010HoldTellsHolder },
  { name: "Migration20261208000500_wallets", class: Migration20261208000500Wallets },
  { name: "Migration20261208000700_punch_cards", class: Migration20261208000700PunchCards },
  { name: "Migration20261208000701_memberships", class: Migration20261208000701Memberships },
  { name: "Migration20261208000950_open_match_changes", class: Migration20261208000950OpenMatchChanges },
];
