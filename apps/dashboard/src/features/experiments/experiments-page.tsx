import type { Experiment } from "@floow/domain/experiment";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  toast,
} from "@floow/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { readServerError } from "../../lib/trpc-errors";
import { ExperimentForm } from "./experiment-form";
import type { ArmNames } from "./results-table";
import { ResultsTable } from "./results-table";

const STATE_BADGE = {
  draft: "neutral",
  running: "success",
  paused: "warning",
  stopped: "neutral",
} as const;

const STATE_LABEL = { draft: "Draft", running: "Running", paused: "Paused", stopped: "Stopped" };

/** "A · version 3", …, "Holdout". */
function armNames(experiment: Experiment): ArmNames {
  const names: ArmNames = new Map(
    experiment.variants.map((v, i) => [
      v.id,
      `${String.fromCharCode(65 + i)} · version ${v.version}`,
    ]),
  );
  if (experiment.holdout) names.set(experiment.holdout.id, "Holdout");
  return names;
}

/** One experiment: its state, its moves, and (once started) its results. */
function ExperimentCard({ experiment }: { experiment: Experiment }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const started = experiment.state !== "draft";
  const results = useQuery({
    ...trpc.experiment.results.queryOptions({ id: experiment.id }),
    enabled: started,
  });
  const [promoting, setPromoting] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.experiment.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.experiment.results.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.floow.versions.queryKey() }),
    ]);
  const onMove = (move: Promise<unknown>, done: string) =>
    move.then(
      async () => {
        toast.success(done);
        await refresh();
      },
      (error: unknown) => toast.error(readServerError(error).message ?? "Something went wrong"),
    );
  const start = useMutation(trpc.experiment.start.mutationOptions());
  const pause = useMutation(trpc.experiment.pause.mutationOptions());
  const stop = useMutation(trpc.experiment.stop.mutationOptions());
  const remove = useMutation(trpc.experiment.remove.mutationOptions());
  const promote = useMutation(trpc.experiment.promote.mutationOptions());
  const names = armNames(experiment);
  const title = experiment.name || "Experiment";
  const leader = results.data?.stats.winner ?? results.data?.stats.leader ?? null;
  const promotable = experiment.variants.find((v) => v.id === (promoting ?? leader));

  return (
    <Card aria-label={`Experiment ${title}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1.5">
          <CardTitle>
            {title}{" "}
            <Badge variant={STATE_BADGE[experiment.state]} className="ml-1 align-middle">
              {STATE_LABEL[experiment.state]}
            </Badge>
          </CardTitle>
          <CardDescription>
            {experiment.variants
              .map((v, i) => `${String.fromCharCode(65 + i)}: version ${v.version} (${v.share} %)`)
              .join(" · ")}
            {experiment.holdout ? ` · holdout ${experiment.holdout.share} %` : ""}
            {experiment.promotedVersion !== null
              ? ` · version ${experiment.promotedVersion} promoted`
              : ""}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {experiment.state === "draft" || experiment.state === "paused" ? (
            <Button
              size="sm"
              onClick={() =>
                onMove(
                  start.mutateAsync({ id: experiment.id }),
                  experiment.state === "draft" ? "Experiment started" : "Experiment resumed",
                )
              }
            >
              {experiment.state === "draft" ? "Start" : "Resume"}
            </Button>
          ) : null}
          {experiment.state === "running" ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => onMove(pause.mutateAsync({ id: experiment.id }), "Experiment paused")}
            >
              Pause
            </Button>
          ) : null}
          {experiment.state === "running" || experiment.state === "paused" ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => onMove(stop.mutateAsync({ id: experiment.id }), "Experiment stopped")}
            >
              Stop
            </Button>
          ) : null}
          {started && leader && experiment.promotedVersion === null ? (
            <Button size="sm" variant="outline" onClick={() => setPromoting(leader)}>
              Promote {names.get(leader)?.split(" · ")[0]}
            </Button>
          ) : null}
          {experiment.state === "draft" ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                onMove(remove.mutateAsync({ id: experiment.id }), "Experiment deleted")
              }
            >
              Delete
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {!started ? (
          <p className="text-sm text-grey-500">
            Not started: visitors get the live version until you start it.
          </p>
        ) : results.isPending ? (
          <p className="text-sm text-grey-500">Loading results…</p>
        ) : results.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The results could not be loaded.
          </p>
        ) : (
          <ResultsTable stats={results.data.stats} names={names} currency={results.data.currency} />
        )}
      </CardContent>
      <ConfirmDialog
        open={promoting !== null}
        onOpenChange={(open) => !open && setPromoting(null)}
        title="Promote variant"
        description={`Version ${promotable?.version ?? ""} becomes the live version at once for every visitor, and the experiment stops.`}
        confirmLabel="Promote"
        onConfirm={async () => {
          if (!promoting) return;
          await onMove(
            promote.mutateAsync({ id: experiment.id, variantId: promoting }),
            `Version ${promotable?.version ?? ""} is live`,
          );
          setPromoting(null);
        }}
      />
    </Card>
  );
}

/**
 * A floow's experiments (issue 23): set one up from its published versions, start, pause,
 * stop, read the results with their statistics and promote the winner.
 */
export function ExperimentsPage({ floowId }: { floowId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const floow = useQuery(trpc.floow.byId.queryOptions({ id: floowId }));
  const versions = useQuery(trpc.floow.versions.queryOptions({ id: floowId }));
  const experiments = useQuery(trpc.experiment.list.queryOptions({ floowId }));
  const create = useMutation(trpc.experiment.create.mutationOptions());
  const active = experiments.data?.some((e) => e.state === "running" || e.state === "paused");

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <Link to="/floows" className="text-sm text-moss-700 underline">
          ← Floows
        </Link>
        <h1 className="text-2xl font-semibold text-grey-900">
          Experiments{floow.data ? `: ${floow.data.name}` : ""}
        </h1>
        <p className="text-sm text-grey-600">
          Test published versions against each other, with a holdout that sees no floow. Each
          visitor keeps their variant on every page and every return.
        </p>
      </div>
      {experiments.isPending || versions.isPending ? (
        <p className="text-sm text-grey-500">Loading…</p>
      ) : experiments.isError || versions.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The experiments could not be loaded.
        </p>
      ) : (
        <>
          {experiments.data.map((experiment) => (
            <ExperimentCard key={experiment.id} experiment={experiment} />
          ))}
          <Card>
            <CardHeader>
              <CardTitle>New experiment</CardTitle>
              <CardDescription>
                {versions.data.versions.length < 2
                  ? "Publish at least two versions of this floow to test them against each other."
                  : active
                    ? "One experiment runs at a time: stop the running one before starting another."
                    : "Pick the versions to test and how the traffic is split."}
              </CardDescription>
            </CardHeader>
            {versions.data.versions.length >= 2 ? (
              <CardContent>
                <ExperimentForm
                  floowId={floowId}
                  versions={versions.data.versions}
                  onCreate={async (values) => {
                    await create.mutateAsync({ floowId, ...values });
                    toast.success("Experiment created");
                    await queryClient.invalidateQueries({
                      queryKey: trpc.experiment.list.queryKey(),
                    });
                  }}
                />
              </CardContent>
            ) : null}
          </Card>
        </>
      )}
    </div>
  );
}
