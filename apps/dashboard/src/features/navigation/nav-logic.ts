/**
 * Side navigation rules from spec section 2. The profile block's initials and role label,
 * and which paths are floow routes (/floow/…, /domain/…: no side navigation there), are
 * shared product logic and come from `@floow/domain`.
 */
import { isFloowRoute } from "@floow/domain/shared";

export { isFloowRoute };
export { hasRole, initials, roleLabel } from "@floow/domain/user";

/** Shown only when a user is signed in (has a user_id), and never on floow routes. */
export function shouldShowSideNav(
  pathname: string,
  user: { user_id?: string | null } | null | undefined,
): boolean {
  return !isFloowRoute(pathname) && Boolean(user?.user_id);
}

/** Expanded on the home route; elsewhere collapsed, expanding while hovered. */
export function isHomeRoute(pathname: string): boolean {
  return pathname === "/";
}

export function isNavExpanded(pathname: string, hovered: boolean): boolean {
  return isHomeRoute(pathname) || hovered;
}

export type NavTarget = {
  to: string;
  hash?: string;
  /** Compare the full path (path and hash) instead of the path prefix. */
  exact?: boolean;
};

export type NavLocation = { pathname: string; hash: string };

function normalizeHash(hash: string): string {
  return hash.startsWith("#") ? hash.slice(1) : hash;
}

function trimTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/**
 * The active link is found by path prefix (Domains is active on /domains/domain) or by
 * full path (Home only on /, Personal on /settings but not on /settings#organization).
 */
export function isNavItemActive(target: NavTarget, location: NavLocation): boolean {
  const pathname = trimTrailingSlash(location.pathname);
  const hash = normalizeHash(location.hash);
  const to = trimTrailingSlash(target.to);
  if (target.exact || target.hash !== undefined) {
    return pathname === to && hash === (target.hash ?? "");
  }
  return pathname === to || pathname.startsWith(`${to}/`);
}
