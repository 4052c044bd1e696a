import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { HelmetOptions } from "helmet";

/**
 * Security headers (docs/deployment.md, "Security headers"), made by helmet:
 *
 * - the dashboard's pages and files: a Content-Security-Policy its build passes, framing
 *   refused (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), `nosniff`, `Referrer-Policy`;
 * - the hosted floow page `/floow/{id}`: the same, except that any site may frame it
 *   (merchants embed it in an iframe);
 * - what other sites load (`/embed.js`, `/runtime/*`, `/api/public/*`, `/blobs/*`): no CSP
 *   or framing headers that would get in their way, `Cross-Origin-Resource-Policy: cross-origin`
 *   (CORS stays with the routes), plus `nosniff` and `Referrer-Policy`;
 * - the dashboard's API (`/trpc`, `/api/auth`, health checks): helmet's headers with a CSP
 *   that allows nothing (JSON is never a document).
 *
 * The CSP: scripts only from this origin (Vite's build has no inline script); styles from this
 * origin, inline (React, tiptap, Chart.js, driver.js and the runtime's shadow root set style
 * attributes and elements) and https stylesheets (a domain's web fonts, e.g. Google Fonts);
 * images from anywhere over http(s), data: and blob: (product images, logos, local previews of
 * picked files); fonts over https and data:; requests only to this origin.
 */

/** Paths other sites load or call: served for cross-origin use. */
const CROSS_ORIGIN_PREFIXES = ["/embed.js", "/runtime/", "/api/public/", "/blobs/"];
/** The dashboard's API: JSON, never a document. */
const API_PREFIXES = ["/trpc/", "/api/", "/healthz", "/readyz"];
/** The hosted floow page: a dashboard route that merchants frame. */
const HOSTED_FLOOW = /^\/floow\/[^/]+\/?$/;

export type PathKind = "dashboard" | "hosted-floow" | "cross-origin" | "api";

export function pathKind(url: string): PathKind {
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  if (CROSS_ORIGIN_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix)))
    return "cross-origin";
  if (
    API_PREFIXES.some(
      (prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix),
    )
  )
    return "api";
  if (HOSTED_FLOOW.test(pathname)) return "hosted-floow";
  return "dashboard";
}

type Directives = Record<string, string[]>;

export function dashboardDirectives(options: { https: boolean }): Directives {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'", "https:"],
    "img-src": ["'self'", "data:", "blob:", "https:", "http:"],
    "font-src": ["'self'", "data:", "https:"],
    "connect-src": ["'self'"],
    "media-src": ["'self'", "https:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

type Header = [name: string, value: string | number | readonly string[]];

/**
 * The headers helmet sets with these options. None depends on the request (no CSP nonces), so
 * they are made once at start: helmet's middleware runs on a stand-in response that keeps them.
 */
export function helmetHeaders(options: HelmetOptions): Header[] {
  const headers: Header[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), value]);
      return response;
    },
    removeHeader(name: string) {
      const index = headers.findIndex(([known]) => known === name.toLowerCase());
      if (index !== -1) headers.splice(index, 1);
    },
  };
  let failed: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failed = error;
    },
  );
  if (failed) throw failed;
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean },
): Promise<void> {
  const dashboard = dashboardDirectives(options);
  const { "frame-ancestors": _none, ...hostedDirectives } = dashboard;
  const base = {
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only means something over https; on http it would be ignored anyway.
    strictTransportSecurity: options.https
      ? { maxAge: 15_552_000, includeSubDomains: false }
      : false,
    // Popups of OIDC providers and Stripe-like flows are not used; same-origin is safe.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    contentSecurityPolicy: { useDefaults: false, directives: dashboard },
    xFrameOptions: { action: "deny" },
  } satisfies HelmetOptions;

  const perKind: Record<PathKind, HelmetOptions> = {
    dashboard: base,
    "hosted-floow": {
      ...base,
      contentSecurityPolicy: { useDefaults: false, directives: hostedDirectives },
      xFrameOptions: false,
      // A framed page opened by a merchant's site must not be cut off from its opener.
      crossOriginOpenerPolicy: false,
    },
    api: {
      ...base,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] },
      },
    },
    "cross-origin": {
      ...base,
      contentSecurityPolicy: false,
      xFrameOptions: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: "cross-origin" },
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      strictTransportSecurity: false,
    },
  };
  const headers = Object.fromEntries(
    Object.entries(perKind).map(([kind, helmetOptions]) => [kind, helmetHeaders(helmetOptions)]),
  ) as Record<PathKind, Header[]>;

  // The headers of a kind never change, so they are made once here (helmetHeaders) and each
  // request only copies its kind's: one synchronous hook, where @fastify/helmet ran two (one of
  // them async, building a helmet closure per request) on every answer, thousands a second on
  // the public and v1 APIs.
  app.addHook("onRequest", (request, reply, done) => {
    for (const [name, value] of headers[pathKind(request.url)]) reply.raw.setHeader(name, value);
    done();
  });
}
