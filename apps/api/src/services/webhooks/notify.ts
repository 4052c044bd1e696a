import type { Kysely, Selectable } from "kysely";
import type { DB } from "../../db/database";
import { organizationAdminEmails } from "../../db/queries/webhook-delivery";
import type { WebhookTable } from "../../db/tables/webhook";
import { layout } from "../mail";
import type { Mailer } from "../mail";

/**
 * Tells every admin of the webhook's organization by e-mail that Floow disabled it (the
 * screen says so too). A failure to send is the caller's to log: the webhook stays disabled.
 */
export function webhookDisabledNotifier(
  db: Kysely<DB>,
  mail: { mailer: Mailer; publicUrl: string },
) {
  return async (webhook: Selectable<WebhookTable>, reason: string): Promise<void> => {
    const url = `${mail.publicUrl}/domains/domain#implementation`;
    for (const to of await organizationAdminEmails(db, webhook.organization_id)) {
      await mail.mailer.send(
        layout({
          to,
          subject: `Floow disabled the webhook ${webhook.name}`,
          intro: [
            `Floow stopped sending events to your webhook "${webhook.name}" (${webhook.url}).`,
            reason,
            "Events that arrive while it is disabled are not sent to it. Fix the endpoint, then set the webhook to Active again on the domain's Implementation tab; use Send test event to check it.",
          ],
          action: { label: "Open the webhook", url },
          outro: ["You get this e-mail because you are an admin of the organization."],
        }),
      );
    }
  };
}
