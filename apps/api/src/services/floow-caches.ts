import type { Floow } from "@floow/domain";
import { invalidatePublicFloow } from "../http/public/floows";
import { invalidateFloowResults } from "./results";

/**
 * After a floow is published, rolled back, archived, restored or deleted (a draft save changes
 * nothing shoppers get, so it calls none of this): the public floows
 * answers that show it and its results are built again at their next request, in this
 * process and (REDIS_URL: through the cache bus) in every other one, instead of after their
 * time limits (docs/deployment.md).
 */
export function invalidateFloowCaches(floow: Pick<Floow, "id" | "domainId">): void {
  invalidatePublicFloow(floow);
  invalidateFloowResults(floow.id);
}
