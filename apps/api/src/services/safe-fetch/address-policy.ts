import ipaddr from "ipaddr.js";

/**
 * Which IP addresses an outbound request may connect to. Only globally routable unicast
 * addresses pass; everything ipaddr.js knows as special (loopback, RFC 1918 private,
 * link-local including the cloud metadata address 169.254.169.254, unique-local fc00::/7,
 * carrier-grade NAT, multicast, reserved, documentation, 6to4/Teredo/NAT64 which embed
 * IPv4 addresses, …) is refused. IPv4-mapped IPv6 addresses are judged as the IPv4
 * address they carry.
 */
export interface AddressPolicy {
  /** Test-only: let loopback (127.0.0.0/8, ::1) through so tests can reach their own server. */
  allowLoopback?: boolean;
}

const RANGE_LABELS: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  linkLocal: "a link-local address (this includes cloud metadata services)",
  uniqueLocal: "a unique-local (private) IPv6 address",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  carrierGradeNat: "a carrier-grade NAT address",
  reserved: "a reserved address",
  deprecatedSiteLocal: "a site-local IPv6 address",
  ipv4Compatible: "an IPv4-compatible IPv6 address",
};

/**
 * Why `address` may not be connected to, in words, or `null` when it may. A string that
 * is not an IP address is refused too (callers pass resolved addresses only).
 */
export function blockedAddressReason(address: string, policy: AddressPolicy = {}): string | null {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  // ipaddr.isValid accepts the classful shorthands (127.1, 0x7f.1); only strict dotted
  // quads and IPv6 count as resolved addresses here.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) {
    return "not an IP address";
  }
  let ip: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
  }
  let range: string = ip.range();
  // ::/96 (IPv4-compatible, deprecated) is not a special range in ipaddr.js.
  if (
    range === "unicast" &&
    ip.kind() === "ipv6" &&
    (ip as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)
  ) {
    range = "ipv4Compatible";
  }
  if (range === "unicast") return null;
  if (range === "loopback" && policy.allowLoopback) return null;
  return RANGE_LABELS[range] ?? `a special-purpose address (${range})`;
}

/** The address in the form used in messages: IPv6 in brackets. */
export function formatAddress(address: string): string {
  return address.includes(":") && !address.startsWith("[") ? `[${address}]` : address;
}
