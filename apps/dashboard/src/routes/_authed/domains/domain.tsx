import { type Domain } from "@floow/domain/domain";
import { hasRole } from "@floow/domain/user";
import {
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  EmptyState,
  ExternalLinkIcon,
  FlowIcon,
  GlobeIcon,
  PlusIcon,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TrashIcon,
} from "@floow/ui";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useDeleteDomain } from "../../../features/domains/domain-actions";
import { DomainGeneral } from "../../../features/domains/domain-general";
import { DomainImplementation } from "../../../features/domains/domain-implementation";
import { CreateFloowDialog } from "../../../features/floows/create-floow-dialog";
import { useCreateFloow } from "../../../features/floows/create-floow";
import { FloowsTable } from "../../../features/floows/floows-table";
import { Page, PageHeader } from "../../../features/layout/page";
import { useHashTab } from "../../../features/layout/use-hash-tab";
import { useFlashToast } from "../../../lib/flash-toast";
import { selectDomain, useSelectedDomainId } from "../../../lib/selected-domain";
import { useTRPC } from "../../../lib/trpc";
import { WebhooksSection } from "../../../features/webhooks/webhooks-section";
import { DomainTracking } from "../../../features/domains/domain-tracking";
import { ShopifyOrdersSection } from "../../../features/integrations/shopify-orders-section";

export const Route = createFileRoute("/_authed/domains/domain")({
  head: () => ({ meta: [{ title: "Domain · Floow" }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.domain.list.queryOptions()),
      queryClient.ensureQueryData(trpc.floow.list.queryOptions()),
      queryClient.ensureQueryData(trpc.webhook.list.queryOptions()),
      queryClient.ensureQueryData(trpc.integration.list.queryOptions()),
    ]),
  component: DomainPage,
});

function DomainPage() {
  const trpc = useTRPC();
  const { data: domains } = useSuspenseQuery(trpc.domain.list.queryOptions());
  const { data: bundle } = useSuspenseQuery(trpc.user.get.queryOptions());
  // docs/permissions.md: deleting a domain (and its floows) is for admins.
  const canDelete = hasRole(bundle.roles, "admin");
  const selectedId = useSelectedDomainId();
  const [tab, setTab] = useHashTab(["general", "floows", "implementation"], { hashDefault: true });
  useFlashToast();
  const domain = domains.find((candidate) => candidate.id === selectedId);
  const fallback = domains[0];

  // Nothing (or a deleted domain) selected: the first domain is the one to show.
  useEffect(() => {
    if (!domain && fallback) selectDomain(fallback.id);
  }, [domain, fallback]);

  if (!domain) {
    return (
      <Page>
        <PageHeader title="Domain" />
        <EmptyState
          icon={<GlobeIcon size={24} />}
          title="No domain selected"
          description="Choose a domain in the navigation or on the domains page."
          action={
            <Button asChild variant="outline">
              <Link to="/domains">Go to Domains</Link>
            </Button>
          }
        />
      </Page>
    );
  }

  return (
    <Page>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-primary-50 text-primary-700 ring-1 ring-primary-100">
              {domain.image ? (
                <img src={domain.image} alt="" className="size-full object-cover" />
              ) : (
                <GlobeIcon />
              )}
            </span>
            {domain.name}
          </span>
        }
        description={
          <a
            href={hostUrl(domain.host)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 hover:text-grey-900 hover:underline"
          >
            {domain.host}
            <ExternalLinkIcon size={13} />
          </a>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="floows">Floows</TabsTrigger>
          <TabsTrigger value="implementation">Implementation</TabsTrigger>
        </TabsList>
        <TabsContent value="general" className="flex flex-col gap-6">
          <DomainGeneral key={domain.id} domain={domain} />
          {canDelete ? <DangerZone domain={domain} /> : null}
        </TabsContent>
        <TabsContent value="floows">
          <DomainFloows domain={domain} domains={domains} />
        </TabsContent>
        <TabsContent value="implementation" className="flex flex-col gap-6">
          <DomainImplementation domain={domain} />
          <DomainTracking domainId={domain.id} />
          <WebhooksSection domain={domain} />
          <ShopifyOrdersSection domain={domain} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function hostUrl(host: string): string {
  if (/^https?:\/\//i.test(host)) return host;
  return /^localhost:/i.test(host) ? `http://${host}` : `https://${host}`;
}

function DomainFloows({ domain, domains }: { domain: Domain; domains: readonly Domain[] }) {
  const trpc = useTRPC();
  const { data: floows } = useSuspenseQuery(trpc.floow.list.queryOptions());
  const [createOpen, setCreateOpen] = useState(false);
  const createFloow = useCreateFloow();
  const own = floows.filter((floow) => floow.domainId === domain.id);

  return (
    <div className="flex flex-col gap-4">
      {own.length === 0 ? (
        <EmptyState
          icon={<FlowIcon size={24} />}
          title="No floows on this domain yet"
          description={`Create a Guided Selling or Guided Data floow for ${domain.name}.`}
          action={
            <Button onClick={() => setCreateOpen(true)}>
              <PlusIcon size={16} />
              Create Floow
            </Button>
          }
        />
      ) : (
        <>
          <div className="flex items-center justify-between">
            <p className="text-sm text-grey-600">
              {own.length} {own.length === 1 ? "floow" : "floows"} on {domain.name}
            </p>
            <Button size="sm" onClick={() => setCreateOpen(true)}>
              <PlusIcon size={16} />
              Create Floow
            </Button>
          </div>
          <FloowsTable floows={own} domains={domains} showDomain={false} />
        </>
      )}
      <CreateFloowDialog
        open={createOpen}
        onOpenChange={setCreateOpen}
        domains={domains}
        selectedDomainId={domain.id}
        onCreate={createFloow}
      />
    </div>
  );
}

function DangerZone({ domain }: { domain: Domain }) {
  const [open, setOpen] = useState(false);
  const { remove } = useDeleteDomain();
  return (
    <Card className="border-red-200">
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h3 className="text-base font-semibold text-grey-900">Delete domain</h3>
          <p className="text-sm text-grey-600">
            Deletes {domain.name} with its floows. This cannot be undone.
          </p>
        </div>
        <Button
          variant="outline"
          className="border-red-200 text-red-600 hover:bg-red-50"
          onClick={() => setOpen(true)}
        >
          <TrashIcon size={16} />
          Delete domain
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Domain"
        description={`“${domain.name}” and its floows are deleted for good. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => remove(domain)}
      />
    </Card>
  );
}
