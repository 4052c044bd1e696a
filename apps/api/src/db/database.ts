import type {
  AccountTable,
  InvitationTable,
  MemberTable,
  OrganizationTable,
  SessionTable,
  UserTable,
  VerificationTable,
} from "./tables/auth";
import type {
  AnalyticsSettingTable,
  EventDailyItemTable,
  EventDailyTable,
  EventSessionItemTable,
  EventSessionTable,
} from "./tables/analytics";
import type { ApiKeyTable } from "./tables/api-key";
import type { BlobTable } from "./tables/blob";
import type { ConversionTable } from "./tables/conversion";
import type { DomainTable } from "./tables/domain";
import type { EventTable } from "./tables/event";
import type { ExperimentTable, ExperimentVisitorTable } from "./tables/experiment";
import type { FeedTable } from "./tables/feed";
import type { FloowTable } from "./tables/floow";
import type { FloowVersionTable } from "./tables/floow-version";
import type { FloowInsightTable } from "./tables/insight";
import type { JobTable } from "./tables/job";
import type { ProductTable } from "./tables/product";
import type { SupportTicketTable } from "./tables/support";
import type { IntegrationTable, WebhookDeliveryTable, WebhookTable } from "./tables/webhook";

/** The whole schema as Kysely sees it: snake_case tables and columns. Add a line per table. */
export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  domain: DomainTable;
  floow: FloowTable;
  floow_version: FloowVersionTable;
  experiment: ExperimentTable;
  experiment_visitor: ExperimentVisitorTable;
  floow_insight: FloowInsightTable;
  blob: BlobTable;
  event: EventTable;
  event_session: EventSessionTable;
  event_daily: EventDailyTable;
  event_session_item: EventSessionItemTable;
  event_daily_item: EventDailyItemTable;
  analytics_setting: AnalyticsSettingTable;
  feed: FeedTable;
  product: ProductTable;
  product_import: ProductTable;
  job: JobTable;
  webhook: WebhookTable;
  integration: IntegrationTable;
  webhook_delivery: WebhookDeliveryTable;
  support_ticket: SupportTicketTable;
  api_key: ApiKeyTable;
  conversion: ConversionTable;
}
