/**
 * The part of the dashboard API the editor uses, in one place. The procedures are the ones
 * docs/architecture.md pins (`floow.byId|update|publish`, `domain.byId`) plus
 * `floow.previewResults` and `product.list` (filter field names); the editor's
 * components never talk to tRPC directly, so its tests swap in a fake `EditorApi`.
 */
import type { Floow, FloowInput, PublicResults, VersionedFloow } from "@floow/domain";
import type { AiQuestion, AiRequest } from "@floow/domain";
import type { QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "@floow/api";
import { uploadImage } from "../../lib/blob";
import type { TRPC } from "../../lib/trpc";
import { filterFields } from "./state/filter-fields";

export type { VersionedFloow };

export interface EditorApi {
  /** `floow.update`: the floow as the server stored it, with its new version. */
  saveFloow: (floow: Floow, version: number) => Promise<VersionedFloow>;
  publishFloow: (id: string) => Promise<void>;
  uploadImage: (file: File) => Promise<string>;
  /** The AI Suggestion call; null while the API has none (the button is then hidden). */
  suggest: ((request: AiRequest) => Promise<AiQuestion[]>) | null;
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

/**
 * The editor's API over the tRPC client. `floow.suggest` does not exist on the server, so
 * `suggest` is null and the AI Suggestion button stays hidden (docs/editor.md).
 */
export function createEditorApi(
  client: TRPCClient<AppRouter>,
  queryClient: QueryClient,
  trpc: TRPC,
): EditorApi {
  return {
    async saveFloow(floow, version) {
      const saved = await client.floow.update.mutate(toUpdateInput(floow, version));
      // The cached copy and the floows list (name, update time) follow the save.
      queryClient.setQueryData(trpc.floow.byId.queryKey({ id: floow.id }), saved);
      void queryClient.invalidateQueries({ queryKey: trpc.floow.list.queryKey() });
      return saved;
    },
    async publishFloow(id) {
      const published = await client.floow.publish.mutate({ id });
      queryClient.setQueryData(trpc.floow.byId.queryKey({ id }), published);
      await queryClient.invalidateQueries({ queryKey: trpc.floow.list.queryKey() });
    },
    uploadImage: (file) => uploadImage(file),
    suggest: null,
    fetchFloow: (id) => queryClient.fetchQuery(floowQueryOptions(trpc, id)),
    previewResults: (floow, choiceIds) =>
      client.floow.previewResults.mutate({
        id: floow.id,
        choiceIds,
        filterGroups: floow.filterGroups,
        filters: floow.filters,
        steps: floow.steps.map((s) => ({
          id: s.id,
          choices: s.choices.map((c) => ({ id: c.id })),
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

function errorData(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return data && typeof data === "object" ? (data as Record<string, unknown>) : undefined;
}

/** `floow.update` refused a stale version: someone else saved in between. */
export function isConflictError(error: unknown): boolean {
  const data = errorData(error);
  return data?.code === "CONFLICT" || data?.appCode === "CONFLICT" || data?.httpStatus === 409;
}
