import { describe, expect, it } from "vitest";
import { blockedAddressReason } from "./address-policy";

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", /loopback/],
    ["127.255.0.9", /loopback/],
    ["10.0.0.1", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["169.254.169.254", /link-local.*metadata/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["0.0.0.0", /unspecified/],
    ["0.1.2.3", /unspecified/],
    ["255.255.255.255", /broadcast/],
    ["224.0.0.1", /multicast/],
    ["198.18.0.1", /reserved/],
    ["240.0.0.1", /reserved/],
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["::ffff:169.254.169.254", /link-local/],
    ["::ffff:127.0.0.1", /loopback/],
    ["::ffff:10.0.0.1", /private/],
    ["::7f00:1", /IPv4-compatible/],
    ["::127.0.0.1", /loopback|IPv4-compatible/],
    ["fd00::1", /unique-local/],
    ["fc00::1", /unique-local/],
    ["fe80::1", /link-local/],
    ["fec0::1", /site-local/],
    ["ff02::1", /multicast/],
    ["64:ff9b::a00:1", /special-purpose|reserved/],
    ["2002:a00:1::", /special-purpose/],
    ["2001:db8::1", /reserved/],
    ["[::1]", /loopback/],
  ])("refuses %s", (address, reason) => {
    expect(blockedAddressReason(address)).toMatch(reason);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    },
  );

  it("refuses what is not a resolved address, including classful shorthands", () => {
    expect(blockedAddressReason("localhost")).toBe("not an IP address");
    expect(blockedAddressReason("127.1")).toBe("not an IP address");
    expect(blockedAddressReason("2130706433")).toBe("not an IP address");
  });

  it("lets loopback through only with the test-only setting", () => {
    expect(blockedAddressReason("127.0.0.1", { allowLoopback: true })).toBeNull();
    expect(blockedAddressReason("::1", { allowLoopback: true })).toBeNull();
    expect(blockedAddressReason("10.0.0.1", { allowLoopback: true })).toMatch(/private/);
    expect(blockedAddressReason("169.254.169.254", { allowLoopback: true })).toMatch(/link-local/);
  });
});
