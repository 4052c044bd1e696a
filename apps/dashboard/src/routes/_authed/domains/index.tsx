import type { Domain } from "@floow/domain/domain";
import { ArrowRightIcon, Button, EmptyState, GlobeIcon, PlusIcon } from "@floow/ui";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { CreateDomainDialog } from "../../../features/domains/create-domain-dialog";
import { useCreateDomain } from "../../../features/domains/domain-actions";
import { Page, PageHeader } from "../../../features/layout/page";
import { selectDomain } from "../../../lib/selected-domain";
import { useTRPC } from "../../../lib/trpc";

export const Route = createFileRoute("/_authed/domains/")({
  head: () => ({ meta: [{ title: "Domains · Floow" }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.domain.list.queryOptions()),
      queryClient.ensureQueryData(trpc.floow.list.queryOptions()),
    ]),
  component: Domains,
});

function Domains() {
  const trpc = useTRPC();
  const { data: domains } = useSuspenseQuery(trpc.domain.list.queryOptions());
  const { data: floows } = useSuspenseQuery(trpc.floow.list.queryOptions());
  const [createOpen, setCreateOpen] = useState(false);
  const createDomain = useCreateDomain();
  const floowCount = (domainId: string) =>
    floows.filter((floow) => floow.domainId === domainId).length;

  return (
    <Page>
      <PageHeader
        title="Domains"
        description="The websites where your floows are shown, with their brand colours and fonts."
        actions={
          domains.length > 0 ? (
            <Button onClick={() => setCreateOpen(true)}>
              <PlusIcon size={16} />
              Create Domain
            </Button>
          ) : null
        }
      />
      {domains.length === 0 ? (
        <EmptyState
          icon={<GlobeIcon size={24} />}
          title="Create your first domain"
          description="A domain is the website where your floows load. Add it once, with its brand colours and fonts, and every floow on it can use them."
          action={
            <Button onClick={() => setCreateOpen(true)}>
              <PlusIcon size={16} />
              Create Domain
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Domains">
          {domains.map((domain) => (
            <li key={domain.id}>
              <DomainCard domain={domain} floowCount={floowCount(domain.id)} />
            </li>
          ))}
        </ul>
      )}
      <CreateDomainDialog open={createOpen} onOpenChange={setCreateOpen} onCreate={createDomain} />
    </Page>
  );
}

function DomainCard({ domain, floowCount }: { domain: Domain; floowCount: number }) {
  const swatches = [...domain.colors]
    .sort((a, b) => Number(b.favorite) - Number(a.favorite))
    .slice(0, 6);
  return (
    <Link
      to="/domains/domain"
      hash="general"
      onClick={() => selectDomain(domain.id)}
      className="group flex h-full flex-col gap-5 rounded-2xl border border-grey-200 bg-white p-5 shadow-xs transition-all hover:-translate-y-0.5 hover:border-primary-200 hover:shadow-md"
    >
      <div className="flex items-center gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-primary-50 text-primary-700 ring-1 ring-primary-100">
          {domain.image ? (
            <img src={domain.image} alt="" className="size-full object-cover" />
          ) : (
            <GlobeIcon />
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-semibold text-grey-900">{domain.name}</span>
          <span className="truncate text-sm text-grey-500">{domain.host}</span>
        </span>
        <ArrowRightIcon
          size={16}
          className="text-grey-300 transition-all group-hover:translate-x-0.5 group-hover:text-grey-700"
        />
      </div>
      <div className="mt-auto flex items-center justify-between border-t border-grey-100 pt-4 text-xs text-grey-500">
        <span className="flex -space-x-1.5" aria-label={`${domain.colors.length} colours`}>
          {swatches.map((color) => (
            <span
              key={color.id}
              className="size-5 rounded-full ring-2 ring-white"
              style={{
                background: `#${color.hex}`,
                boxShadow: "inset 0 0 0 1px rgb(15 23 42 / 0.1)",
              }}
            />
          ))}
        </span>
        <span>
          {floowCount} {floowCount === 1 ? "floow" : "floows"} · {domain.fonts.length}{" "}
          {domain.fonts.length === 1 ? "font" : "fonts"}
        </span>
      </div>
    </Link>
  );
}
