/**
 * After a save, the server's copy may differ from what was sent: `floow.update` keeps the
 * floow's invariants (an empty name becomes `New Floow`; a data floow has no feed and a
 * basic finish page) and answers the status as stored (a teammate may have published). The
 * editor takes those differences, so it never shows what the server did not keep, but an
 * edit typed while the save was on its way wins (it is saved next, and checked again).
 */
import type { Floow } from "@floow/domain/floow";

/** Fields the server owns; the editor keeps its own (they are not sent with a save). */
const SERVER_OWNED = new Set<string>(["organizationId", "userId", "createdAt", "updatedAt"]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Deep equality of JSON values, whatever the order of their keys: the server stores a
 * floow's configuration as jsonb, which gives objects back with their keys reordered, and
 * that alone must not count as a change (it made every save replace the local filters,
 * which made the preview load its results again). Keys holding `undefined` count as absent,
 * as in JSON.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => same(item, b[i]))
    );
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keysA = Object.keys(a).filter((key) => a[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => b[key] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && same(a[key], b[key]))
  );
}

/**
 * A three-way merge of one value: `sent` is what was saved, `server` what the server
 * stored, `local` what the editor holds now. Unchanged by the server: local. Untouched
 * locally since the save: the server's. Both changed: objects are merged key by key,
 * anything else keeps the local edit.
 */
export function mergeValue(sent: unknown, server: unknown, local: unknown): unknown {
  if (same(server, sent)) return local;
  if (same(local, sent)) return server;
  if (isPlainObject(sent) && isPlainObject(server) && isPlainObject(local)) {
    const keys = new Set([...Object.keys(server), ...Object.keys(local)]);
    const merged: Record<string, unknown> = {};
    for (const key of keys) merged[key] = mergeValue(sent[key], server[key], local[key]);
    return merged;
  }
  return local;
}

/** The local floow with the server's changes to what was sent (server-owned fields excluded). */
export function mergeServerCopy(sent: Floow, server: Floow, local: Floow): Floow {
  const merged: Record<string, unknown> = { ...local };
  for (const key of Object.keys(server)) {
    if (SERVER_OWNED.has(key)) continue;
    merged[key] = mergeValue(
      (sent as unknown as Record<string, unknown>)[key],
      (server as unknown as Record<string, unknown>)[key],
      (local as unknown as Record<string, unknown>)[key],
    );
  }
  return merged as unknown as Floow;
}

/** Whether the server kept something other than what was sent (server-owned fields aside). */
export function serverChanged(sent: Floow, server: Floow): boolean {
  return Object.keys(server).some(
    (key) =>
      !SERVER_OWNED.has(key) &&
      !same(
        (sent as unknown as Record<string, unknown>)[key],
        (server as unknown as Record<string, unknown>)[key],
      ),
  );
}
