import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "../../lib/trpc";

/**
 * The dead-end count of each checked selling floow (`insight.deadEndCounts`), for the floows
 * lists: "2 dead ends" beside the name. Empty while it loads or when the call fails.
 */
export function useDeadEndCounts(): ReadonlyMap<string, number> {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.insight.deadEndCounts.queryOptions(), staleTime: 10_000 });
  return useMemo(() => new Map(data?.map((row) => [row.floowId, row.count])), [data]);
}
