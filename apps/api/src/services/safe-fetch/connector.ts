import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { buildConnector } from "undici";
import { blockedAddressReason, formatAddress, type AddressPolicy } from "./address-policy";
import { SafeFetchError } from "./errors";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (the default is the system resolver). */
export type LookupFn = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupFn = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

export interface GuardOptions extends AddressPolicy {
  lookup?: LookupFn;
  /** The socket connector the guard hands a checked address to (tests pass a spy). */
  connector?: buildConnector.connector;
  connectTimeoutMs: number;
  /** The URL being fetched, for messages. */
  url: () => string;
}

/**
 * An undici connector that resolves the host itself, refuses the connection when any
 * resolved address is internal, and then connects to exactly the addresses it checked. That
 * makes the check hold at connect time: a DNS answer that changes between a check and the
 * connection (DNS rebinding) cannot slip through, and every redirect hop passes here too.
 * When connecting to one checked address fails (a host with an IPv6 address that does not
 * route here, say), the next checked address is tried, in the resolver's order.
 */
export function guardedConnector(options: GuardOptions): buildConnector.connector {
  const inner = options.connector ?? buildConnector({ timeout: options.connectTimeoutMs });
  return (connectOptions, callback) => {
    resolveAllowed(connectOptions.hostname, options).then(
      (addresses) => {
        const attempt = (index: number) => {
          inner({ ...connectOptions, hostname: addresses[index]! }, (error, socket) => {
            if (error && index + 1 < addresses.length) return attempt(index + 1);
            if (error) return callback(error, null);
            callback(null, socket!);
          });
        };
        attempt(0);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

/** The checked addresses to connect to for `hostname` (distinct, in order), or a SafeFetchError. */
export async function resolveAllowed(hostname: string, options: GuardOptions): Promise<string[]> {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  let addresses: ResolvedAddress[];
  if (isIP(bare)) {
    addresses = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(bare);
    } catch (error) {
      throw new SafeFetchError(
        "DNS",
        `Could not fetch ${options.url()}: the host name ${bare} could not be found.`,
        options.url(),
        undefined,
        { cause: error },
      );
    }
    if (addresses.length === 0) {
      throw new SafeFetchError(
        "DNS",
        `Could not fetch ${options.url()}: the host name ${bare} has no addresses.`,
        options.url(),
      );
    }
  }
  // Every answer must be allowed: a resolver could otherwise mix an internal address in.
  for (const { address } of addresses) {
    const reason = blockedAddressReason(address, options);
    if (reason !== null) throw blockedError(options.url(), bare, address, reason);
  }
  return [...new Set(addresses.map(({ address }) => address))];
}

export function blockedError(
  url: string,
  host: string,
  address: string,
  reason: string,
): SafeFetchError {
  const where =
    host === address
      ? `${formatAddress(address)} is`
      : `${host} resolves to ${formatAddress(address)},`;
  return new SafeFetchError(
    "BLOCKED_ADDRESS",
    `Refused to fetch ${url}: ${where} ${reason}. Only public internet addresses can be fetched.`,
    url,
  );
}
