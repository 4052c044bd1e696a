import { INTEGRATION_CATALOGUE, type IntegrationCatalogueEntry } from "@floow/domain/integration";
import { hasRole } from "@floow/domain/user";
import { Badge, Button, Card, ConfirmDialog, toast } from "@floow/ui";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { Page, PageHeader } from "../layout/page";
import { KlaviyoDialog } from "./klaviyo-dialog";

/**
 * The integrations screen (spec section 2): the catalogue of spec section 9 as cards, each
 * with its image, name, tags and description. Only Klaviyo has a setup; the others say so.
 */
export function IntegrationsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: bundle } = useSuspenseQuery(trpc.user.get.queryOptions());
  const { data: integrations } = useSuspenseQuery(trpc.integration.list.queryOptions());
  const canManage = hasRole(bundle.roles, "admin");
  const [setupOpen, setSetupOpen] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useMutation(trpc.integration.remove.mutationOptions());
  const domainName = (id: string) =>
    bundle.domains.find((d) => d.id === id)?.name ?? "a deleted domain";

  return (
    <Page>
      <PageHeader
        title="Integrations"
        description="Send what shoppers answer in your floows to the tools you already use."
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Integrations">
        {INTEGRATION_CATALOGUE.map((entry) => (
          <li key={entry.id}>
            <IntegrationCard
              entry={entry}
              linked={integrations
                .filter((i) => i.integrationConfigurationId === entry.id)
                .map((i) => ({ ...i, domainName: domainName(i.domainId) }))}
              canManage={canManage}
              hasDomains={bundle.domains.length > 0}
              onSetup={() => setSetupOpen(true)}
              onRemove={setRemoving}
            />
          </li>
        ))}
      </ul>
      <KlaviyoDialog
        open={setupOpen}
        onOpenChange={setSetupOpen}
        domains={bundle.domains}
        integrations={integrations}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Disconnect Klaviyo"
        description="Answers of this domain stop reaching Klaviyo, and the saved API key is deleted."
        confirmLabel="Disconnect"
        destructive
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync({ id: removing });
          } catch {
            toast.error(TOASTS_REMOVE_FAILURE);
            return;
          }
          setRemoving(null);
          await queryClient.invalidateQueries({ queryKey: trpc.integration.pathKey() });
        }}
      />
    </Page>
  );
}

const TOASTS_REMOVE_FAILURE = "Something went wrong disconnecting the integration";

function IntegrationCard({
  entry,
  linked,
  canManage,
  hasDomains,
  onSetup,
  onRemove,
}: {
  entry: IntegrationCatalogueEntry;
  linked: { id: string; domainName: string; keyHint: string }[];
  canManage: boolean;
  hasDomains: boolean;
  onSetup: () => void;
  onRemove: (id: string) => void;
}) {
  return (
    <Card className="flex h-full flex-col gap-4 p-5" aria-label={entry.name} role="article">
      <div className="flex items-start gap-4">
        <img src={entry.image} alt="" className="size-12 shrink-0 rounded-xl" />
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 className="font-semibold text-grey-900">{entry.name}</h2>
          <div className="flex flex-wrap gap-1">
            {entry.tags.map((tag) => (
              <Badge key={tag} variant={tag === "search" ? "info" : "neutral"}>
                {tag}
              </Badge>
            ))}
          </div>
        </div>
      </div>
      <p className="flex-1 text-sm text-grey-600">{entry.description}</p>
      {entry.setup ? (
        <div className="flex flex-col gap-3">
          {linked.length > 0 ? (
            <ul className="flex flex-col gap-1.5 text-sm">
              {linked.map((integration) => (
                <li
                  key={integration.id}
                  className="flex items-center justify-between gap-2 rounded-lg bg-primary-50 px-3 py-1.5 text-primary-900"
                >
                  <span>
                    Connected to <span className="font-medium">{integration.domainName}</span>{" "}
                    <span className="font-mono text-xs text-primary-700">
                      {integration.keyHint}
                    </span>
                  </span>
                  {canManage ? (
                    <Button variant="ghost" size="sm" onClick={() => onRemove(integration.id)}>
                      Disconnect
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {canManage ? (
            <Button onClick={onSetup} disabled={!hasDomains} className="self-start">
              {linked.length > 0 ? "Set up another domain" : "Set up"}
            </Button>
          ) : (
            <p className="text-sm text-grey-500">An admin can set this up.</p>
          )}
          {canManage && !hasDomains ? (
            <p className="text-sm text-grey-500">Create a domain first.</p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm font-medium text-grey-500">
          Not available yet: no setup for this tool so far.
        </p>
      )}
    </Card>
  );
}
