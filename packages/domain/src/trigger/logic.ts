import type { Trigger } from "./types";

export interface TriggerMatch {
  matches: boolean;
  /** Why it does or does not match, for the editor's preview and for debugging embeds. */
  reason: string;
}

interface ParsedRoute {
  /** Lowercase host without `www.` (with its port if it names one), or null when the route is a path. */
  host: string | null;
  path: string;
  /** The route ended with a slash: startsWith then matches whole path segments only. */
  folder: boolean;
  /** The route ended with `*`: any path starting with the rest matches, whatever the type. */
  wildcard: boolean;
  query: [string, string][];
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** `index.html` is a page, not a host. */
const FILE_NAME = /^[^/]+\.(html?|php|aspx?|jsp)(\/|$)/i;

function stripWww(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

function normalizePath(path: string): string {
  let p = path;
  try {
    p = decodeURI(p);
  } catch {
    // A malformed escape stays as typed.
  }
  p = p.replace(/\/{2,}/g, "/").toLowerCase();
  if (!p.startsWith("/")) p = `/${p}`;
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

function parseQuery(search: string): [string, string][] {
  return [...new URLSearchParams(search).entries()];
}

/** Reads a route as typed by a user: `/shop`, `shop/`, `www.x.nl/shop?a=1`, `https://x.nl`. */
export function parseRoute(route: string): ParsedRoute {
  const raw = route.trim().replace(/#.*$/, "");
  const [beforeQuery = "", search = ""] = raw.split(/\?(.*)/s);
  const looksLikeHost =
    SCHEME.test(beforeQuery) ||
    /^www\./i.test(beforeQuery) ||
    (/^([^/]+\.[a-z]{2,}|localhost)(:\d+)?(\/|$)/i.test(beforeQuery) &&
      !FILE_NAME.test(beforeQuery));
  let host: string | null = null;
  let path = beforeQuery;
  if (looksLikeHost) {
    const withoutScheme = beforeQuery.replace(SCHEME, "");
    const slash = withoutScheme.indexOf("/");
    host = stripWww(slash === -1 ? withoutScheme : withoutScheme.slice(0, slash));
    path = slash === -1 ? "/" : withoutScheme.slice(slash);
  }
  const wildcard = path.endsWith("*");
  if (wildcard) path = path.replace(/\*+$/, "");
  const folder = path.length > 1 && path.endsWith("/");
  return { host, path: normalizePath(path), folder, wildcard, query: parseQuery(search) };
}

function parseUrl(url: string): { host: string; path: string; query: URLSearchParams } | null {
  try {
    const u = new URL(url.trim());
    // With its port, if it has one (not the scheme's default).
    return { host: stripWww(u.host), path: normalizePath(u.pathname), query: u.searchParams };
  } catch {
    return null;
  }
}

/**
 * Whether a trigger's route matches a page URL (docs/domain-rules.md). Hosts compare
 * without scheme and `www.`, and without port unless the route names one; paths compare case-insensitively with trailing slashes
 * and duplicate slashes ignored; the page's query string and hash are ignored unless the
 * route has a query string, whose parameters must then all be present with equal values.
 * `strict` needs the same path; `startsWith` needs the path to start with the route's,
 * on a segment boundary when the route ends with a slash (`/shop/` matches `/shop` and
 * `/shop/shoes`, not `/shopping`).
 */
export function matchTrigger(
  trigger: Pick<Trigger, "route" | "routeType">,
  url: string,
): TriggerMatch {
  const page = parseUrl(url);
  if (!page) return { matches: false, reason: `The page URL "${url}" is not a valid URL.` };
  if (!trigger.route || trigger.route.trim() === "") {
    return { matches: false, reason: "The trigger has no route." };
  }
  const route = parseRoute(trigger.route);
  // A route's port counts when it names one (`staging.shop.nl:8443`); else any port matches.
  const pageHost = route.host?.includes(":") ? page.host : page.host.replace(/:\d+$/, "");
  if (route.host !== null && route.host !== pageHost) {
    return {
      matches: false,
      reason: `The host "${pageHost}" is not the route's host "${route.host}".`,
    };
  }
  for (const [key, value] of route.query) {
    if (page.query.get(key) !== value) {
      return { matches: false, reason: `The query parameter "${key}=${value}" is missing.` };
    }
  }
  if (trigger.routeType === "strict" && !route.wildcard) {
    return page.path === route.path
      ? { matches: true, reason: `The path "${page.path}" equals the route.` }
      : { matches: false, reason: `The path "${page.path}" is not "${route.path}".` };
  }
  if (trigger.routeType !== "startsWith" && !route.wildcard) {
    return { matches: false, reason: `Unknown route type "${String(trigger.routeType)}".` };
  }
  const ok =
    route.path === "/" ||
    page.path === route.path ||
    (route.folder ? page.path.startsWith(`${route.path}/`) : page.path.startsWith(route.path));
  return ok
    ? { matches: true, reason: `The path "${page.path}" starts with "${route.path}".` }
    : { matches: false, reason: `The path "${page.path}" does not start with "${route.path}".` };
}

/** What `findTriggerElement` needs of a document (a structural type: the domain has no DOM). */
export interface ElementLookup<E> {
  getElementById(id: string): E | null;
  getElementsByClassName(classNames: string): ArrayLike<E>;
}

/**
 * The element a trigger targets: by id, or the first element holding all its classes
 * (separated by spaces or dots); a typed leading `#` or `.` is ignored. Found without
 * building a selector, so nothing needs escaping (the loader stays small) and an empty
 * value finds nothing instead of throwing.
 */
export function findTriggerElement<E>(
  trigger: Pick<Trigger, "attribute" | "value">,
  doc: ElementLookup<E>,
): E | null {
  const value = trigger.value.trim().replace(/^[#.]/, "");
  if (trigger.attribute === "class") {
    const classes = value
      .split(/[\s.]+/)
      .filter(Boolean)
      .join(" ");
    return classes ? (doc.getElementsByClassName(classes)[0] ?? null) : null;
  }
  return value ? doc.getElementById(value) : null;
}
