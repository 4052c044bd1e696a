/** The hash tabs of the domain page. */
export const DOMAIN_TABS = ["general", "floows", "implementation"] as const;
export type DomainTab = (typeof DOMAIN_TABS)[number];

/** Paths starting with these count as floow routes (side navigation hidden, no user load). */
export const FLOOW_ROUTE_PREFIXES = ["/floow/", "/domain/"] as const;

export function isFloowRoute(path: string): boolean {
  return FLOOW_ROUTE_PREFIXES.some((prefix) => path.startsWith(prefix));
}
