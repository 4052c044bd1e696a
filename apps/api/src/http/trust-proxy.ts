/**
 * TRUST_PROXY as Fastify's `trustProxy` (env.ts parses it). Never `true`, which makes the
 * left-most X-Forwarded-For (written by the client) the client address:
 * - an address list (`10.0.0.0/8,loopback`): proxy-addr skips exactly those proxies, so the
 *   client address is the last one a trusted proxy appended (preferred);
 * - a hop count N: the N nearest hops are trusted whatever their address, so the client
 *   address is the one the N-th proxy saw. Fastify itself refuses hop counts (a client that
 *   reaches the API directly could add hops of its own), so this is for an API reachable
 *   only through its proxies (docs/auth.md).
 */
export function fastifyTrustProxy(
  value: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === false || value === 0) return false;
  if (typeof value === "number") {
    const hops = value;
    return (_address, hop) => hop < hops;
  }
  return value;
}
