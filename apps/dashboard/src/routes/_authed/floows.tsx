import { FLOOW_STATUSES, type FloowStatus } from "@floow/domain/floow";
import { floowsOnboardingPrompt } from "../../features/onboarding/onboarding-stages";
import {
  Button,
  cn,
  EmptyState,
  FlowIcon,
  GlobeIcon,
  PlusIcon,
  ToggleGroup,
  ToggleGroupItem,
} from "@floow/ui";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { CreateDomainDialog } from "../../features/domains/create-domain-dialog";
import { useCreateDomain } from "../../features/domains/domain-actions";
import { CreateFloowDialog } from "../../features/floows/create-floow-dialog";
import { useCreateFloow } from "../../features/floows/create-floow";
import { STATUS_LABELS } from "../../features/floows/floow-labels";
import { useDeadEndCounts } from "../../features/floows/dead-end-counts";
import { FloowsTable } from "../../features/floows/floows-table";
import { Page, PageHeader } from "../../features/layout/page";
import { useFlashToast } from "../../lib/flash-toast";
import { useSelectedDomainId } from "../../lib/selected-domain";
import { useTRPC } from "../../lib/trpc";

export const Route = createFileRoute("/_authed/floows")({
  head: () => ({ meta: [{ title: "Floows · Floow" }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.domain.list.queryOptions()),
      queryClient.ensureQueryData(trpc.floow.list.queryOptions()),
    ]),
  component: Floows,
});

type StatusFilter = "all" | FloowStatus;

function Floows() {
  const trpc = useTRPC();
  const { data: domains } = useSuspenseQuery(trpc.domain.list.queryOptions());
  const { data: floows } = useSuspenseQuery(trpc.floow.list.queryOptions());
  const selectedDomainId = useSelectedDomainId();
  const [createFloowOpen, setCreateFloowOpen] = useState(false);
  const [createDomainOpen, setCreateDomainOpen] = useState(false);
  const [filter, setFilter] = useState<StatusFilter>("all");
  const createFloow = useCreateFloow();
  const createDomain = useCreateDomain();
  const deadEnds = useDeadEndCounts();
  useFlashToast();

  // Spec section 2: no domain prompts domain creation; a domain but no floows, floow creation.
  const prompt = floowsOnboardingPrompt(domains.length, floows.length);
  const sorted = [...floows].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const shown = filter === "all" ? sorted : sorted.filter((floow) => floow.status === filter);
  const count = (status: StatusFilter) =>
    status === "all" ? floows.length : floows.filter((floow) => floow.status === status).length;

  return (
    <Page>
      <PageHeader
        title="Floows"
        description="Guided selling and guided data flows of your domains."
        actions={
          prompt === null ? (
            <Button onClick={() => setCreateFloowOpen(true)}>
              <PlusIcon size={16} />
              Create Floow
            </Button>
          ) : null
        }
      />

      {prompt === "domainCreate" ? (
        <EmptyState
          icon={<GlobeIcon size={24} />}
          title="Create a domain first"
          description="Floows are shown on a domain: the website where they load. Create your domain, then build your first floow for it."
          action={
            <Button onClick={() => setCreateDomainOpen(true)}>
              <PlusIcon size={16} />
              Create Domain
            </Button>
          }
        />
      ) : prompt === "floowCreate" ? (
        <EmptyState
          icon={<FlowIcon size={24} />}
          title="Create your first floow"
          description="Guide visitors to the right product with Guided Selling, or collect first-party data with Guided Data."
          action={
            <Button onClick={() => setCreateFloowOpen(true)}>
              <PlusIcon size={16} />
              Create Floow
            </Button>
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          <ToggleGroup
            type="single"
            aria-label="Filter by status"
            className="flex-wrap gap-1.5"
            value={filter}
            // One filter is always on: pressing the pressed one again keeps it.
            onValueChange={(next) => next && setFilter(next as StatusFilter)}
          >
            {(["all", ...FLOOW_STATUSES] as const).map((status) => (
              <ToggleGroupItem
                key={status}
                value={status}
                className="h-8 gap-2 rounded-full bg-white px-3 text-sm ring-1 ring-grey-200 hover:bg-grey-50 data-[state=on]:bg-grey-900 data-[state=on]:text-white data-[state=on]:ring-grey-900 data-[state=on]:hover:bg-grey-900 data-[state=on]:hover:text-white"
              >
                {status === "all" ? "All" : STATUS_LABELS[status]}
                <span
                  className={cn(
                    "text-xs tabular-nums",
                    filter === status ? "text-grey-300" : "text-grey-500",
                  )}
                >
                  {count(status)}
                </span>
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
          {shown.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-grey-300 bg-white px-6 py-10 text-center text-sm text-grey-500">
              No {filter === "all" ? "" : `${STATUS_LABELS[filter].toLowerCase()} `}floows.
            </p>
          ) : (
            <FloowsTable floows={shown} domains={domains} deadEnds={deadEnds} />
          )}
        </div>
      )}

      <CreateFloowDialog
        open={createFloowOpen}
        onOpenChange={setCreateFloowOpen}
        domains={domains}
        selectedDomainId={selectedDomainId}
        onCreate={createFloow}
      />
      <CreateDomainDialog
        open={createDomainOpen}
        onOpenChange={setCreateDomainOpen}
        onCreate={createDomain}
      />
    </Page>
  );
}
