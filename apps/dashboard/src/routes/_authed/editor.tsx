import { EmptyState, FlowIcon } from "@floow/ui";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link, notFound } from "@tanstack/react-router";
import { useEffect } from "react";
import { domainQueryOptions, floowQueryOptions } from "../../features/editor/editor-api";
import { EditorPage } from "../../features/editor/editor-page";
import { versionsOptions } from "../../features/editor/launch";
import { Page } from "../../features/layout/page";
import { isValidEntityId } from "../../lib/entity-id";
import { useTRPC } from "../../lib/trpc";
import { httpStatusOf } from "../../lib/trpc-errors";

/** `publish=1` opens the launch phase's publish dialog (the floows list's Publish). */
type EditorSearch = { floowId?: string; publish?: boolean };

/**
 * The floow editor (spec section 2): `/editor?floowId=<id>`. The Create Floow wizard and
 * the floows list navigate here with the floow's id. An unknown or foreign id is a 404.
 */
export const Route = createFileRoute("/_authed/editor")({
  validateSearch: (search: Record<string, unknown>): EditorSearch => {
    if (typeof search.floowId !== "string" || search.floowId === "") return {};
    const publish = search.publish === 1 || search.publish === "1" || search.publish === true;
    return publish ? { floowId: search.floowId, publish } : { floowId: search.floowId };
  },
  loaderDeps: ({ search }) => ({ floowId: search.floowId }),
  loader: async ({ context: { queryClient, trpc }, deps: { floowId } }) => {
    if (!floowId) return;
    if (!isValidEntityId(floowId)) throw notFound();
    try {
      // Always the server's current copy on entry (another tab may have saved since).
      const floow = await queryClient.fetchQuery(floowQueryOptions(trpc, floowId));
      // The header's state (Live · vN, unpublished changes): asked now, awaited by no one.
      void queryClient.prefetchQuery(versionsOptions(trpc, floow.id));
      // The domain gives the floow its colours and fonts; the editor works without it.
      await queryClient
        .ensureQueryData(domainQueryOptions(trpc, floow.domainId))
        .catch(() => undefined);
    } catch (error) {
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  head: () => ({ meta: [{ title: "Editor · Floow" }] }),
  component: EditorRoute,
});

function EditorRoute() {
  const { floowId, publish } = Route.useSearch();
  if (!floowId) return <NoFloow />;
  return <LoadedEditor floowId={floowId} publish={publish ?? false} />;
}

function LoadedEditor({ floowId, publish }: { floowId: string; publish: boolean }) {
  const trpc = useTRPC();
  const navigate = Route.useNavigate();
  // `publish=1` opens the dialog once: a reload afterwards shows the editor as usual.
  useEffect(() => {
    if (publish) void navigate({ search: { floowId }, replace: true });
  }, [publish, floowId, navigate]);
  // Fetched once for the session: the editor owns the floow from here on; a refetch in
  // the background must never replace what the user is typing.
  const { data: floow } = useSuspenseQuery({
    ...floowQueryOptions(trpc, floowId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  // Loaded best-effort in the loader: a missing domain is not an error here.
  const { data: domain } = useQuery({ ...domainQueryOptions(trpc, floow.domainId), retry: false });
  return <EditorPage floow={floow} domain={domain ?? null} publish={publish} />;
}

function NoFloow() {
  return (
    <Page>
      <EmptyState
        icon={<FlowIcon size={24} />}
        title="Choose a floow to edit"
        description={
          <>
            Open a floow from the{" "}
            <Link to="/floows" className="font-medium text-primary-700 hover:underline">
              floows list
            </Link>{" "}
            or create a new one.
          </>
        }
      />
    </Page>
  );
}
