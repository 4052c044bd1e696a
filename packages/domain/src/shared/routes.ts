/** The dashboard's routes (history mode). */
export const ROUTES = {
  home: "/",
  inspect: "/inspect",
  settings: "/settings",
  settingsOrganization: "/settings#organization",
  floows: "/floows",
  floow: (id: string) => `/floow/${encodeURIComponent(id)}`,
  editor: "/editor",
  documentation: "/documentation",
  domains: "/domains",
  domain: "/domains/domain",
  domainGeneral: "/domains/domain#general",
  domainFloows: "/domains/domain#floows",
  domainImplementation: "/domains/domain#implementation",
  products: "/products",
  productsFeeds: "/products#feeds",
  analytics: "/analytics",
  analyticsFloow: (id: string) => `/analytics/floow/${encodeURIComponent(id)}`,
  login: "/login",
  logout: "/logout",
} as const;

/** The hash tabs of the domain page. */
export const DOMAIN_TABS = ["general", "floows", "implementation"] as const;
export type DomainTab = (typeof DOMAIN_TABS)[number];

/** Paths starting with these count as floow routes (side navigation hidden, no user load). */
export const FLOOW_ROUTE_PREFIXES = ["/floow/", "/domain/"] as const;

export function isFloowRoute(path: string): boolean {
  return FLOOW_ROUTE_PREFIXES.some((prefix) => path.startsWith(prefix));
}
