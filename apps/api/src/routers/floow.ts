import {
  applyFloowInvariants,
  createFloow,
  duplicateFloow,
  duplicateFloowSchema,
  FLOOW_CONFLICT_MESSAGE,
  floowCreateSchema,
  floowListSchema,
  floowUpdateSchema,
  floowVersionRefSchema,
  publishFloowSchema,
} from "@floow/domain/floow";
import { byIdSchema } from "@floow/domain/shared";
import { DomainError } from "@floow/domain/errors";
import { hasErrors } from "@floow/domain/publish";
import { previewResultsSchema } from "@floow/domain/filter";
import type { FloowStatus, FloowVersionList, VersionedFloow } from "@floow/domain/floow";
import type { PublicResults } from "@floow/domain/public";
import type { PublishCheck } from "@floow/domain/publish";
import type { Kysely } from "kysely";
import type { DB } from "../db/database";
import { findDomain } from "../db/queries/domain";
import { findFeed } from "../db/queries/feed";
import {
  deleteFloow,
  findFloow,
  insertFloow,
  listFloows,
  setFloowStatus,
  updateFloow,
} from "../db/queries/floow";
import type { FloowWriteResult } from "../db/queries/floow";
import {
  contentDiffers,
  findLiveVersionNumber,
  findVersionContent,
  listFloowVersions,
  publishFloow,
  rollbackFloow,
} from "../db/queries/floow-version";
import type { VersionWriteResult } from "../db/queries/floow-version";
import { changeServedFloow } from "../services/floow-served";
import { enqueueDeadEndCheck } from "../services/insights";
import {
  checkPublishDraft,
  PUBLISH_BLOCKED_MESSAGE,
  publishCheck,
} from "../services/publish-check";
import { computeFloowResults } from "../services/results";
import { orgProcedure, router } from "../trpc/init";

const notFound = () => new DomainError("NOT_FOUND", "Floow not found.");

/** A domain the floow is to live in must be the organization's; else NOT_FOUND at `domainId`. */
async function requireDomain(
  db: Kysely<DB>,
  organizationId: string,
  domainId: string,
): Promise<void> {
  if (!(await findDomain(db, organizationId, domainId))) {
    throw new DomainError("NOT_FOUND", "Domain not found.", [
      { path: ["domainId"], message: "Please select a domain." },
    ]);
  }
}

/** A feed a floow is to use must be the organization's; else NOT_FOUND at `feedId`. */
async function requireFeed(
  db: Kysely<DB>,
  organizationId: string,
  feedId: string | null | undefined,
): Promise<void> {
  if (feedId && !(await findFeed(db, organizationId, feedId))) {
    throw new DomainError("NOT_FOUND", "Feed not found.", [
      { path: ["feedId"], message: "Please select a feed." },
    ]);
  }
}

const versionNotFound = () =>
  new DomainError("NOT_FOUND", "Version not found.", [
    { path: ["number"], message: "This version no longer exists." },
  ]);

function unwrap(
  result: FloowWriteResult | VersionWriteResult,
  conflictMessage: string,
): VersionedFloow {
  if (result.ok) return result.floow;
  if (result.reason === "not_found") throw notFound();
  if (result.reason === "no_version") throw versionNotFound();
  throw new DomainError("CONFLICT", conflictMessage);
}

const PUBLISH_REFUSED = "Restore this floow before publishing it.";

/** A change of what shoppers get (services/floow-served.ts), clearing the draft's domain too. */
const changeServed = <T extends Pick<VersionedFloow, "domainId">>(
  db: Kysely<DB>,
  id: string,
  change: () => Promise<T>,
): Promise<T> => changeServedFloow(db, id, change, (floow) => floow.domainId);

/** A status change allowed from the given statuses (spec section 4). */
function statusChange(status: FloowStatus, from: readonly FloowStatus[], refused: string) {
  return orgProcedure.input(byIdSchema).mutation(({ ctx, input }): Promise<VersionedFloow> =>
    // Archive and restore take a live floow offline; publishing it again makes a new version.
    changeServed(ctx.db, input.id, async () =>
      unwrap(await setFloowStatus(ctx.db, ctx.org.id, input.id, status, from), refused),
    ),
  );
}

/**
 * The spec's floow calls (`/api/floows/*`). Every member may do everything with floows
 * (docs/permissions.md). Another organization's floow (or domain) is NOT_FOUND.
 */
export const floowRouter = router({
  list: orgProcedure
    .input(floowListSchema)
    .query(({ ctx, input }): Promise<VersionedFloow[]> => listFloows(ctx.db, ctx.org.id, input)),

  byId: orgProcedure.input(byIdSchema).query(async ({ ctx, input }): Promise<VersionedFloow> => {
    const floow = await findFloow(ctx.db, ctx.org.id, input.id);
    if (!floow) throw notFound();
    return floow;
  }),

  /**
   * A new floow in development, by the caller, with the spec's defaults: an empty name becomes
   * `New Floow`; a data floow gets its forced settings (skipTrigger, no back button, embedded,
   * no progress, no feed).
   */
  create: orgProcedure
    .input(floowCreateSchema)
    .mutation(async ({ ctx, input }): Promise<VersionedFloow> => {
      await requireDomain(ctx.db, ctx.org.id, input.domainId);
      if (input.type === "selling") await requireFeed(ctx.db, ctx.org.id, input.feedId);
      const floow = createFloow(input.type, {
        organizationId: ctx.org.id,
        userId: ctx.session.user.id,
        domainId: input.domainId,
        name: input.name,
        feedId: input.feedId ?? null,
        ...(input.language && { language: input.language }),
      });
      const created = await insertFloow(ctx.db, ctx.org.id, floow);
      if (!created) throw new Error(`generated floow id ${floow.id} is taken`);
      return created;
    }),

  /**
   * Saves the edited floow (the draft) when it is still at `version` (someone else's save in between is a
   * CONFLICT: FLOOW_CONFLICT_MESSAGE). Returns it with its new version, as stored: the
   * editor takes this copy where it differs from what it sent. The status is not changed
   * here (publish, archive, restore do that). The invariants hold again (an empty name
   * becomes `New Floow`; a data floow has no feed and a basic finish page); a data floow's
   * creation settings (skipTrigger, back button, container, progress) are the user's now.
   */
  update: orgProcedure
    .input(floowUpdateSchema)
    .mutation(async ({ ctx, input }): Promise<VersionedFloow> => {
      const { version, status: _status, ...changes } = input;
      await requireDomain(ctx.db, ctx.org.id, changes.domainId);
      if (changes.type === "selling") await requireFeed(ctx.db, ctx.org.id, changes.feedId);
      const result = await updateFloow(ctx.db, ctx.org.id, applyFloowInvariants(changes), version);
      const saved = unwrap(result, FLOOW_CONFLICT_MESSAGE);
      // Only the draft changed: shoppers get the live version, so no public cache is touched.
      // The dead-end check of what was saved runs in the background (docs/editor.md); without a
      // feed it clears the last report.
      if (saved.type === "selling") await enqueueDeadEndCheck(ctx.db, ctx.org.id, saved.id);
      return saved;
    }),

  /**
   * development or live → live: the draft becomes the next published version (by the caller,
   * with the note) and shoppers get it (docs/domains-and-floows.md, "Drafts and versions").
   * An archived floow is restored first. The pre-publish check runs again here, without
   * asking the links and images (slow, and a warning at most): any error refuses the publish.
   */
  publish: orgProcedure
    .input(publishFloowSchema)
    .mutation(async ({ ctx, input }): Promise<VersionedFloow> => {
      const draft = await findFloow(ctx.db, ctx.org.id, input.id);
      if (!draft) throw notFound();
      if (draft.status !== "archived") {
        const items = await checkPublishDraft(ctx.db, ctx.org.id, draft, { fetchUrls: false });
        if (hasErrors(items)) throw new DomainError("BAD_REQUEST", PUBLISH_BLOCKED_MESSAGE);
      }
      return changeServed(ctx.db, input.id, async () =>
        unwrap(
          await publishFloow(ctx.db, ctx.org.id, input.id, {
            userId: ctx.session.user.id,
            note: input.note ?? "",
          }),
          PUBLISH_REFUSED,
        ),
      );
    }),

  /**
   * The pre-publish check (docs/editor.md): what publishing would change against the live
   * version, and the draft's errors and warnings, its links and images asked through the
   * safe fetch (bounded, cached).
   */
  publishCheck: orgProcedure
    .input(byIdSchema)
    .query(async ({ ctx, input }): Promise<PublishCheck> => {
      const floow = await findFloow(ctx.db, ctx.org.id, input.id);
      if (!floow) throw notFound();
      return publishCheck(ctx.db, ctx.org.id, floow, ctx.fetch);
    }),

  /** The floow's published versions, newest first, with how each did; whether the draft has changes to publish. */
  versions: orgProcedure
    .input(byIdSchema)
    .query(async ({ ctx, input }): Promise<FloowVersionList> => {
      const floow = await findFloow(ctx.db, ctx.org.id, input.id);
      if (!floow) throw notFound();
      const [lastPublished, versions] = await Promise.all([
        findLiveVersionNumber(ctx.db, ctx.org.id, floow.id),
        listFloowVersions(ctx.db, ctx.org.id, floow.id),
      ]);
      const liveVersion = floow.status === "live" ? lastPublished : null;
      const published =
        lastPublished === null
          ? null
          : await findVersionContent(ctx.db, ctx.org.id, floow.id, lastPublished);
      return {
        liveVersion,
        draftChanged: contentDiffers(floow, published),
        versions: versions.map((version) => ({ ...version, live: version.number === liveVersion })),
      };
    }),

  /** Version `number` is live again at once (status live), under the same id; the draft is not touched. */
  rollback: orgProcedure
    .input(floowVersionRefSchema)
    .mutation(({ ctx, input }): Promise<VersionedFloow> =>
      changeServed(ctx.db, input.id, async () =>
        unwrap(await rollbackFloow(ctx.db, ctx.org.id, input.id, input.number), PUBLISH_REFUSED),
      ),
    ),

  /**
   * Copies version `number`'s content into the draft: a save like any other (the save counter
   * goes up, so an editor open elsewhere gets the usual conflict). A domain or feed deleted
   * since stays out: the draft keeps its domain, and has no feed.
   */
  restoreVersion: orgProcedure
    .input(floowVersionRefSchema)
    .mutation(async ({ ctx, input }): Promise<VersionedFloow> => {
      const draft = await findFloow(ctx.db, ctx.org.id, input.id);
      if (!draft) throw notFound();
      const content = await findVersionContent(ctx.db, ctx.org.id, draft.id, input.number);
      if (!content) throw versionNotFound();
      const domainId = (await findDomain(ctx.db, ctx.org.id, content.domainId))
        ? content.domainId
        : draft.domainId;
      const feedId =
        content.feedId && (await findFeed(ctx.db, ctx.org.id, content.feedId))
          ? content.feedId
          : null;
      const result = await updateFloow(
        ctx.db,
        ctx.org.id,
        { ...content, id: draft.id, domainId, feedId },
        null,
      );
      const saved = unwrap(result, FLOOW_CONFLICT_MESSAGE);
      if (saved.type === "selling") await enqueueDeadEndCheck(ctx.db, ctx.org.id, saved.id);
      return saved;
    }),

  /** any → archived. */
  archive: statusChange(
    "archived",
    ["development", "live", "archived"],
    "This floow cannot be archived.",
  ),
  /** any → development (also takes a live floow offline). */
  restore: statusChange(
    "development",
    ["development", "live", "archived"],
    "This floow cannot be restored.",
  ),

  /**
   * A copy in development, named `<name> (copy)`, with new ids for it and everything in it, in
   * the same domain or in `domainId` (triggers stay behind when it moves to another domain).
   * The caller becomes its author.
   */
  duplicate: orgProcedure
    .input(duplicateFloowSchema)
    .mutation(async ({ ctx, input }): Promise<VersionedFloow> => {
      const original = await findFloow(ctx.db, ctx.org.id, input.id);
      if (!original) throw notFound();
      if (input.domainId !== undefined && input.domainId !== original.domainId) {
        await requireDomain(ctx.db, ctx.org.id, input.domainId);
      }
      const { version: _version, ...source } = original;
      const copy = duplicateFloow(
        source,
        input.domainId !== undefined ? { domainId: input.domainId } : {},
      );
      const created = await insertFloow(ctx.db, ctx.org.id, {
        ...copy,
        userId: ctx.session.user.id,
      });
      if (!created) throw new Error(`generated floow id ${copy.id} is taken`);
      return created;
    }),

  /**
   * The editor preview's results: the products the public results call would give for these
   * choices, for a floow in any status, with the editor's unsaved filters, groups and steps
   * when given (the saved ones otherwise). The feed is the saved floow's. A mutation although
   * it changes nothing: the filters travel in the body, too long for a GET URL.
   */
  previewResults: orgProcedure
    .input(previewResultsSchema)
    .mutation(async ({ ctx, input }): Promise<PublicResults> => {
      const floow = await findFloow(ctx.db, ctx.org.id, input.id);
      if (!floow) throw notFound();
      return computeFloowResults(
        ctx.db,
        ctx.org.id,
        {
          type: floow.type,
          feedId: floow.feedId,
          finish: floow.finish,
          steps: input.steps ?? floow.steps,
          filterGroups: input.filterGroups ?? floow.filterGroups,
          filters: input.filters ?? floow.filters,
        },
        input.choiceIds,
      );
    }),

  /** Deletes a floow and its events; irreversible. */
  remove: orgProcedure
    .input(byIdSchema)
    .mutation(async ({ ctx, input }): Promise<{ id: string }> => {
      await changeServed(ctx.db, input.id, async () => {
        const floow = await findFloow(ctx.db, ctx.org.id, input.id);
        if (!floow || !(await deleteFloow(ctx.db, ctx.org.id, input.id))) throw notFound();
        return floow;
      });
      return { id: input.id };
    }),
});
