/**
 * The part of the dashboard API the editor uses, in one place. The procedures are the ones
 * docs/architecture.md pins (`floow.byId|update|publish`, `domain.byId`) plus
 * `floow.previewResults` and `product.list` (filter field names); the editor's
 * components never talk to tRPC directly, so its tests swap in a fake `EditorApi`.
 */
import type { AiRequest, Floow, FloowInput, VersionedFloow } from "@floow/domain/floow";
import type { DeadEndReport, MatchCounts, SuggestedQuestion } from "@floow/domain/insights";
import type { PublicResults } from "@floow/domain/public";
import type { QueryClient } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "@floow/api";
import { uploadImage } from "../../lib/blob";
import type { TRPC } from "../../lib/trpc";
import { filterFields } from "./state";

export type { VersionedFloow };

/** What `ai.suggest` answers: the questions (choices may carry filters) and who answered. */
export interface SuggestionAnswer {
  questions: SuggestedQuestion[];
  source: "model" | "feed";
}

/** What `insight.deadEnds` answers; `current` false: the check of the last save is still to come. */
export interface DeadEndsAnswer {
  report: DeadEndReport;
  checkedAt: string;
  current: boolean;
}

export interface EditorApi {
  /** `floow.update`: the floow as the server stored it, with its new version. */
  saveFloow: (floow: Floow, version: number) => Promise<VersionedFloow>;
  /**
   * `floow.publish`: the draft becomes the next published version (with the note) and goes
   * live; answers the floow as stored (status live).
   */
  publishFloow: (id: string, note?: string) => Promise<VersionedFloow>;
  uploadImage: (file: File) => Promise<string>;
  /** The AI Suggestion call (`ai.suggest`); null hides the button. */
  suggest: ((request: AiRequest) => Promise<SuggestionAnswer>) | null;
  /** Who answers the AI Suggestion: the model (its name) or the offline suggester (the feed). */
  suggestSource?: () => Promise<{ source: "model" | "feed"; model: string | null }>;
  /** Live match counts of the floow's choices as edited (`insight.matchCounts`); null: no feed. */
  matchCounts?: (floow: Floow) => Promise<MatchCounts | null>;
  /** The floow's last dead-end report (`insight.deadEnds`); null: none yet. */
  deadEnds?: (id: string) => Promise<DeadEndsAnswer | null>;
  /** The server's current copy (Reload after a conflict, Overwrite). */
  fetchFloow: (id: string) => Promise<VersionedFloow>;
  /**
   * The preview's results: what a shopper would get for these choices, for the floow as the
   * editor has it (any status, unsaved filters included).
   */
  previewResults: (floow: Floow, choiceIds: string[]) => Promise<PublicResults>;
  /** Attribute names of a feed's products, to suggest as filter fields. */
  feedFields: (feedId: string) => Promise<string[]>;
}

/** How many products are read to suggest filter fields (feeds repeat their attributes). */
const FIELD_SAMPLE = 100;

export function floowQueryOptions(trpc: TRPC, id: string) {
  return { ...trpc.floow.byId.queryOptions({ id }), staleTime: 0 };
}

export function domainQueryOptions(trpc: TRPC, id: string) {
  return trpc.domain.byId.queryOptions({ id });
}

/** What `floow.update` takes: the floow without the fields the server owns, plus the version. */
export function toUpdateInput(floow: Floow, version: number): FloowInput & { version: number } {
  const { organizationId: _o, userId: _u, createdAt: _c, updatedAt: _up, ...input } = floow;
  return { ...input, version };
}

/** The editor's API over the tRPC client. */
export function createEditorApi(
  client: TRPCClient<AppRouter>,
  queryClient: QueryClient,
  trpc: TRPC,
): EditorApi {
  return {
    async saveFloow(floow, version) {
      const saved = await client.floow.update.mutate(toUpdateInput(floow, version));
      // The cached copy and the floows list (name, update time) follow the save, and so does
      // whether the draft now differs from the live version (the header's state).
      queryClient.setQueryData(trpc.floow.byId.queryKey({ id: floow.id }), saved);
      void queryClient.invalidateQueries({ queryKey: trpc.floow.list.queryKey() });
      void queryClient.invalidateQueries({
        queryKey: trpc.floow.versions.queryKey({ id: floow.id }),
      });
      return saved;
    },
    async publishFloow(id, note) {
      const published = await client.floow.publish.mutate({ id, ...(note ? { note } : {}) });
      await afterRelease(queryClient, trpc, published);
      return published;
    },
    uploadImage: (file) => uploadImage(file),
    async suggest(request) {
      const answer = await client.ai.suggest.mutate(request);
      return { questions: answer.analysis.questions, source: answer.source };
    },
    suggestSource: () =>
      queryClient.fetchQuery({ ...trpc.ai.config.queryOptions(), staleTime: 60_000 }),
    matchCounts: (floow) =>
      client.insight.matchCounts.mutate({
        id: floow.id,
        feedId: floow.feedId,
        filterGroups: floow.filterGroups,
        filters: floow.filters,
        steps: floow.steps.map((s) => ({
          id: s.id,
          choices: s.choices.map((c) => ({ id: c.id })),
        })),
      }),
    deadEnds: (id) => client.insight.deadEnds.query({ id }),
    fetchFloow: (id) => queryClient.fetchQuery(floowQueryOptions(trpc, id)),
    previewResults: (floow, choiceIds) =>
      client.floow.previewResults.mutate({
        id: floow.id,
        choiceIds,
        filterGroups: floow.filterGroups,
        filters: floow.filters,
        steps: floow.steps.map((s) => ({
          id: s.id,
          choices: s.choices.map((c) => ({ id: c.id, text: c.text })),
        })),
      }),
    async feedFields(feedId) {
      const page = await queryClient.fetchQuery({
        ...trpc.product.list.queryOptions({ feedId, limit: FIELD_SAMPLE }),
        staleTime: 60_000,
      });
      return filterFields(page.items.map((item) => item.attributes));
    },
  };
}

/**
 * After a publish, a rollback or a restore: the cached floow is the server's, and the floows
 * list, the version list and the publish check are asked again.
 */
export async function afterRelease(queryClient: QueryClient, trpc: TRPC, floow: VersionedFloow) {
  queryClient.setQueryData(trpc.floow.byId.queryKey({ id: floow.id }), floow);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.floow.list.queryKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.floow.versions.queryKey({ id: floow.id }) }),
    queryClient.invalidateQueries({ queryKey: trpc.floow.publishCheck.queryKey({ id: floow.id }) }),
  ]);
}
