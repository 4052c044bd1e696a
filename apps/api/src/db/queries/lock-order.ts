/**
 * A map's values in the order of their keys: the order the ingest writes rows in, so two
 * writes at once (two writers, or two API processes) lock the same rows in the same order and
 * can only wait for each other, never deadlock (services/events/ingest.ts).
 */
export function inKeyOrder<T>(byKey: ReadonlyMap<string, T>): T[] {
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => value);
}
