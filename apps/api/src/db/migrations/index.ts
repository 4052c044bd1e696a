import type { Migration } from "kysely";
import * as auth from "./20261122210000_auth";
import * as domainsFloows from "./20261122220000_domains_floows";
import * as feeds from "./20261122230000_feeds";
import * as floowFeed from "./20261122240000_floow_feed";
import * as productOrgIndex from "./20261123170000_product_org_index";
import * as jobFollowUp from "./20261123170100_job_follow_up";
import * as webhooksIntegrations from "./20261123180000_webhooks_integrations";
import * as supportTickets from "./20261123190000_support_tickets";
import * as jobOrganization from "./20261123212049_job_organization";
import * as invitationToken from "./20261123212116_invitation_token";
import * as analytics from "./20261123212223_analytics";
import * as webhookDeliveries from "./20261123212329_webhook_deliveries";
import * as floowInsight from "./20261123213139_floow_insight";
import * as eventDaily from "./20261123215738_event_daily";
import * as eventItems from "./20261123221513_event_items";
import * as eventItemsBackfill from "./20261123223000_event_items_backfill";
import * as eventOrganizationFk from "./20261123231115_event_organization_fk";
import * as eventSessionExport from "./20261124002600_event_session_export";
import * as floowVersions from "./20261125230000_floow_versions";
import * as conversions from "./20261126084622_conversions";
import * as apiKeys from "./20261126084703_api_keys";
import * as experiments from "./20261126085109_experiments";
import * as conversionSessionIndex from "./20261126093245_conversion_session_index";
import * as conversionVariant from "./20261126100747_conversion_variant";
import * as eventDailyHoldout from "./20261126150000_event_daily_holdout";
import * as experimentVisitor from "./20261126160000_experiment_visitor";
import * as eventFloowFk from "./20261126213000_event_floow_fk";
import * as jobQueuedOrg from "./20261127004500_job_queued_org";

/**
 * Every migration, by name, imported statically so the tsup bundle carries them (a
 * FileMigrationProvider would look for files next to dist/main.js). Add a line per new
 * migration file; names sort by their timestamp and never change once landed.
 */
export const migrations: Record<string, Migration> = {
  "20261122210000_auth": auth,
  "20261122220000_domains_floows": domainsFloows,
  "20261122230000_feeds": feeds,
  "20261122240000_floow_feed": floowFeed,
  "20261123170000_product_org_index": productOrgIndex,
  "20261123170100_job_follow_up": jobFollowUp,
  "20261123180000_webhooks_integrations": webhooksIntegrations,
  "20261123190000_support_tickets": supportTickets,
  "20261123212049_job_organization": jobOrganization,
  "20261123212116_invitation_token": invitationToken,
  "20261123212223_analytics": analytics,
  "20261123212329_webhook_deliveries": webhookDeliveries,
  "20261123213139_floow_insight": floowInsight,
  "20261123215738_event_daily": eventDaily,
  "20261123221513_event_items": eventItems,
  "20261123223000_event_items_backfill": eventItemsBackfill,
  "20261123231115_event_organization_fk": eventOrganizationFk,
  "20261124002600_event_session_export": eventSessionExport,
  "20261125230000_floow_versions": floowVersions,
  "20261126084622_conversions": conversions,
  "20261126084703_api_keys": apiKeys,
  "20261126085109_experiments": experiments,
  "20261126093245_conversion_session_index": conversionSessionIndex,
  "20261126100747_conversion_variant": conversionVariant,
  "20261126150000_event_daily_holdout": eventDailyHoldout,
  "20261126160000_experiment_visitor": experimentVisitor,
  "20261126213000_event_floow_fk": eventFloowFk,
  "20261127004500_job_queued_org": jobQueuedOrg,
};
