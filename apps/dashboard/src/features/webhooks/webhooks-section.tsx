import { type Domain } from "@floow/domain/domain";
import { formatDateNl } from "@floow/domain/shared";
import { hasRole } from "@floow/domain/user";
import { type WebhookDetails, type WebhookInput } from "@floow/domain/webhook";
import {
  AlertTriangleIcon,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  PlusIcon,
  toast,
  TrashIcon,
} from "@floow/ui";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { EVENT_TYPE_LABELS } from "../inspect/event-summary";
import { DeliveryLog } from "./delivery-log";
import { SecretDialog } from "./secret-dialog";
import { useDeleteWebhook, useSaveWebhook } from "./webhook-api";
import { WebhookDialog } from "./webhook-dialog";

/**
 * The domain's webhooks (on the domain page's #implementation tab): each with its URL,
 * events and status, why Floow disabled it, and its delivery log. Admins add, edit, delete,
 * rotate the secret, send test events and replay; members see everything but secrets.
 */
export function WebhooksSection({ domain }: { domain: Pick<Domain, "id" | "name"> }) {
  const trpc = useTRPC();
  const { data: bundle } = useSuspenseQuery(trpc.user.get.queryOptions());
  const { data: all } = useSuspenseQuery(trpc.webhook.list.queryOptions());
  const canManage = hasRole(bundle.roles, "admin");
  const floows = bundle.floows.filter((floow) => floow.domainId === domain.id);
  const webhooks = all.filter((webhook) => webhook.domainId === domain.id);
  const [editing, setEditing] = useState<WebhookDetails | "new" | null>(null);
  const [deleting, setDeleting] = useState<WebhookDetails | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const save = useSaveWebhook();
  const remove = useDeleteWebhook();
  const rotate = useMutation(trpc.webhook.rotateSecret.mutationOptions());

  const onSave = async (input: WebhookInput) => {
    const isNew = editing === "new";
    const saved = await save(input, isNew);
    if (!saved) return false;
    if (saved.secret) setSecret(saved.secret);
    if (isNew) setLogOf(input.id);
    return true;
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1.5">
          <CardTitle>Webhooks</CardTitle>
          <CardDescription>
            Send the answers of {domain.name}'s floows to your own systems, signed and retried until
            they arrive.
          </CardDescription>
        </div>
        {canManage ? (
          <Button size="sm" onClick={() => setEditing("new")}>
            <PlusIcon size={15} />
            Add Webhook
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {webhooks.length === 0 ? (
          <p className="rounded-lg border border-dashed border-grey-200 px-4 py-8 text-center text-sm text-grey-500">
            No webhooks yet.{" "}
            {canManage
              ? "Add one to receive every finished floow on your server."
              : "An admin can add one."}
          </p>
        ) : null}
        {webhooks.map((webhook) => {
          const floow = floows.find((f) => f.id === webhook.floowId);
          const showLog = logOf === webhook.id;
          return (
            <article
              key={webhook.id}
              aria-label={`Webhook ${webhook.name}`}
              className="flex flex-col gap-3 rounded-xl border border-grey-200 p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex items-center gap-2">
                    <h3 className="font-semibold text-grey-900">{webhook.name}</h3>
                    <Badge
                      variant={
                        webhook.status === "active"
                          ? "success"
                          : webhook.disabledReason
                            ? "danger"
                            : "neutral"
                      }
                      dot
                    >
                      {webhook.status === "active"
                        ? "Active"
                        : webhook.disabledReason
                          ? "Disabled"
                          : "Inactive"}
                    </Badge>
                  </div>
                  <p className="truncate font-mono text-xs text-grey-600" title={webhook.url}>
                    <span className="mr-1.5 font-sans font-medium text-grey-500">
                      {webhook.method}
                    </span>
                    {webhook.url}
                  </p>
                  <p className="text-xs text-grey-500">
                    {webhook.events.map((type) => EVENT_TYPE_LABELS[type]).join(", ")} ·{" "}
                    {floow ? floow.name || "Untitled floow" : "All floows"}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  <Button
                    variant={showLog ? "secondary" : "outline"}
                    size="sm"
                    onClick={() => setLogOf(showLog ? null : webhook.id)}
                  >
                    {showLog ? "Hide deliveries" : "Deliveries"}
                  </Button>
                  {canManage ? (
                    <>
                      <Button variant="outline" size="sm" onClick={() => setEditing(webhook)}>
                        Edit
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() =>
                          rotate.mutate(
                            { id: webhook.id },
                            {
                              onSuccess: ({ secret: rotated }) => setSecret(rotated),
                              onError: () =>
                                toast.error("Something went wrong rotating the secret"),
                            },
                          )
                        }
                      >
                        Rotate secret
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete webhook ${webhook.name}`}
                        onClick={() => setDeleting(webhook)}
                      >
                        <TrashIcon size={15} />
                      </Button>
                    </>
                  ) : null}
                </div>
              </div>
              {webhook.disabledReason ? (
                <div
                  role="alert"
                  className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
                >
                  <AlertTriangleIcon size={16} className="mt-0.5 shrink-0" />
                  <span>
                    {webhook.disabledAt ? `Disabled on ${formatDateNl(webhook.disabledAt)}: ` : ""}
                    {webhook.disabledReason}{" "}
                    {canManage ? "Fix the endpoint, then set the webhook to Active again." : ""}
                  </span>
                </div>
              ) : null}
              {showLog ? <DeliveryLog webhookId={webhook.id} canManage={canManage} /> : null}
            </article>
          );
        })}
      </CardContent>
      <WebhookDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        domainId={domain.id}
        webhook={editing === "new" ? null : editing}
        floows={floows}
        onSave={onSave}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Webhook"
        description={`${deleting?.name ?? "This webhook"} stops receiving events, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (deleting && (await remove(deleting.id))) setDeleting(null);
        }}
      />
    </Card>
  );
}
