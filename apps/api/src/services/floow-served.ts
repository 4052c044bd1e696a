import type { Kysely } from "kysely";
import type { DB } from "../db/database";
import { findLiveFloowRefs } from "../db/queries/floow-version";
import { invalidateFloowCaches } from "./cache";

/** The domain whose public list shows the floow now (its live version's), or null. */
const servedDomainId = async (db: Kysely<DB>, id: string) =>
  (await findLiveFloowRefs(db, [id])).get(id)?.domainId ?? null;

/**
 * Runs a change of what shoppers get (publish, rollback, archive, restore, delete; an
 * experiment started, paused, stopped or promoted), then drops the cached public answers that
 * showed the floow before it or show it after: the live version's domain can differ from the
 * draft's (a draft moved to another domain, a rollback to a version published in another).
 * `draftDomain` names a further domain to clear from the change's result (the floow routes
 * pass the draft's).
 */
export async function changeServedFloow<T>(
  db: Kysely<DB>,
  floowId: string,
  change: () => Promise<T>,
  draftDomain: (result: T) => string | null = () => null,
): Promise<T> {
  const before = await servedDomainId(db, floowId);
  const result = await change();
  const after = await servedDomainId(db, floowId);
  for (const domainId of new Set([draftDomain(result), before, after])) {
    if (domainId !== null) invalidateFloowCaches({ id: floowId, domainId });
  }
  return result;
}
