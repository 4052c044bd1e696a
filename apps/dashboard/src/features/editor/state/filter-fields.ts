import { DEFAULT_FEED_VARIABLES } from "@floow/domain/feed";

/**
 * The field names to suggest for a filter: the names under which the results call files
 * every product's id, name, price, link, image and description (`title`, `price`, …), then
 * the feed's own attribute names as found in `attributes` (a sample of its products),
 * alphabetically, each once. A filter may still name any other field.
 */
export function filterFields(attributes: readonly Record<string, unknown>[]): string[] {
  const V = DEFAULT_FEED_VARIABLES;
  // The likeliest to filter on first.
  const mapped: string[] = [V.id, V.name, V.price, V.description, V.url, V.image];
  const own = new Set<string>();
  for (const record of attributes) {
    for (const key of Object.keys(record)) if (key.trim() !== "") own.add(key);
  }
  const rest = [...own].filter((key) => !mapped.includes(key)).sort((a, b) => a.localeCompare(b));
  return [...mapped, ...rest];
}
