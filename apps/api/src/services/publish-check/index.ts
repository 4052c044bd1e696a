import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  checkDraft,
  checkFeedPaths,
  diffFloows,
  floowUrls,
  isHttpAddress,
} from "@floow/domain/publish";
import { floowSchema } from "@floow/domain/floow";
import type { CheckItem, DiffFloow, FeedCheckFloow, PublishCheck } from "@floow/domain/publish";
import type { Floow, FloowContent, VersionedFloow } from "@floow/domain/floow";
import type { Kysely } from "kysely";
import type { DB } from "../../db/database";
import { findFeed } from "../../db/queries/feed";
import { findLiveVersionNumber, findVersionContent } from "../../db/queries/floow-version";
import { feedIndex } from "../insights";
import { checkUrls, type UrlFetchOptions } from "./url-check";

export { URL_CHECK_LIMITS } from "./url-check";

/** `floow.publish`'s refusal when the check finds an error. */
export const PUBLISH_BLOCKED_MESSAGE = "Fix the problems marked as errors before publishing.";

/** What the check reads of a draft. */
export type CheckedDraft = Pick<
  Floow,
  "type" | "feedId" | "start" | "steps" | "finish" | "filters" | "filterGroups"
>;

export interface PublishCheckOptions {
  /** Ask the http(s) links and images (the publish dialog); publishing itself does not wait for them. */
  fetchUrls: boolean;
  /** safeFetch's test seams (the test-only loopback setting). */
  fetch?: UrlFetchOptions;
}

/**
 * The pre-publish check of a draft (docs/editor.md, "The pre-publish check"): the domain's
 * rules of the draft itself (`checkDraft`), the paths against the floow's current feed
 * (`checkFeedPaths` on the same cached results index as the editor's insights, bounded
 * by the dead-end detector's path limit, its walk in slices so that a check on a large feed
 * never holds the process's other requests) and, when asked, the http(s) addresses.
 * Errors first, each group in the order of the floow.
 */
export async function checkPublishDraft(
  db: Kysely<DB>,
  organizationId: string,
  draft: CheckedDraft,
  options: PublishCheckOptions,
): Promise<CheckItem[]> {
  const items = checkDraft(draft);
  if (draft.type === "selling" && draft.feedId)
    items.push(...(await feedItems(db, organizationId, draft, draft.feedId)));
  if (options.fetchUrls) {
    const urls = floowUrls(draft).filter((found) => isHttpAddress(found.url));
    items.push(...(await checkUrls(urls, options.fetch)));
  }
  return [
    ...items.filter((i) => i.severity === "error"),
    ...items.filter((i) => i.severity !== "error"),
  ];
}

async function feedItems(
  db: Kysely<DB>,
  organizationId: string,
  draft: CheckedDraft,
  feedId: string,
): Promise<CheckItem[]> {
  if (!(await findFeed(db, organizationId, feedId))) {
    return [
      {
        severity: "error",
        rule: "no-feed",
        message: "This floow's product feed no longer exists: choose another one.",
        target: { page: "settings" },
      },
    ];
  }
  const index = await feedIndex(db, organizationId, feedId);
  return checkFeedPaths(index, draft satisfies FeedCheckFloow, { pause: yieldToEventLoop });
}

/**
 * `floow.publishCheck`: the draft (the floow row) against the live version, and the check
 * with the http(s) addresses asked. `liveVersion` is null while the floow is not live; the
 * changes are then against the version it was last live with (taken offline, published
 * before), or "First publish" when it never was.
 */
export async function publishCheck(
  db: Kysely<DB>,
  organizationId: string,
  draft: VersionedFloow,
  fetch?: UrlFetchOptions,
): Promise<PublishCheck> {
  const lastLive = await findLiveVersionNumber(db, organizationId, draft.id);
  const [content, items] = await Promise.all([
    lastLive === null ? null : findVersionContent(db, organizationId, draft.id, lastLive),
    checkPublishDraft(db, organizationId, draft, { fetchUrls: true, ...(fetch && { fetch }) }),
  ]);
  return {
    liveVersion: draft.status === "live" ? lastLive : null,
    changes: diffFloows(content && withDefaults(content, draft), draft),
    items,
  };
}

/**
 * A version's content read as drafts are (the floow schema's defaults for fields added since
 * it was published), so a setting added later is not listed as a change of every old floow.
 */
function withDefaults(content: FloowContent, draft: VersionedFloow): DiffFloow {
  const { id, organizationId, userId, createdAt, updatedAt, status } = draft;
  const parsed = floowSchema.safeParse({
    ...content,
    id,
    organizationId,
    userId,
    createdAt,
    updatedAt,
    status,
  });
  return parsed.success ? parsed.data : content;
}
