import { createFileRoute, notFound } from "@tanstack/react-router";
import { FloowMark } from "../features/navigation/app-side-nav";
import { isValidEntityId } from "../lib/entity-id";

/**
 * A floow in floow-route mode: public, no side navigation, no route guard.
 * It will render the floow with the Floow runtime, which is not built yet.
 */
export const Route = createFileRoute("/floow/$id")({
  beforeLoad: ({ params }) => {
    if (!isValidEntityId(params.id)) throw notFound();
  },
  head: () => ({ meta: [{ title: "Floow" }] }),
  component: PublicFloow,
});

function PublicFloow() {
  const { id } = Route.useParams();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-grey-50 px-6">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <FloowMark className="size-10" />
        <h1 className="text-xl font-semibold text-grey-900">This floow cannot be shown yet</h1>
        <p className="text-sm text-grey-600">
          This page will show floow <code className="rounded bg-grey-100 px-1.5 py-0.5 text-xs">{id}</code>{" "}
          with the Floow runtime. The runtime is not built yet.
        </p>
      </div>
    </main>
  );
}
