/** Ids in paths are opaque tokens: letters, digits, "-" and "_" (uuid, nanoid, cuid). */
export function isValidEntityId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id);
}
