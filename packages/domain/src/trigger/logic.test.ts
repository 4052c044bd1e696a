import { describe, expect, it } from "vitest";
import type { RouteType } from "./constants";
import {
  DEFAULT_TRIGGER,
  ROUTE_TYPES,
  TRIGGER_ATTRIBUTES,
  TRIGGER_POSITIONS,
  TRIGGER_TARGETS,
} from "./constants";
import { findTriggerElement, matchTrigger, parseRoute } from "./logic";

describe("matchTrigger", () => {
  const table: [string, RouteType, string, boolean][] = [
    // startsWith on paths
    ["/shop", "startsWith", "https://x.nl/shop", true],
    ["/shop", "startsWith", "https://x.nl/shop/", true],
    ["/shop", "startsWith", "https://x.nl/shop/shoes/red", true],
    ["/shop", "startsWith", "https://x.nl/shopping", true],
    ["/shop/", "startsWith", "https://x.nl/shop", true],
    ["/shop/", "startsWith", "https://x.nl/shop/shoes", true],
    ["/shop/", "startsWith", "https://x.nl/shopping", false],
    ["/shop", "startsWith", "https://x.nl/", false],
    ["/", "startsWith", "https://x.nl/anything/at/all", true],
    ["shop", "startsWith", "https://x.nl/shop/a", true],
    ["/Shop", "startsWith", "https://x.nl/shop", true],
    ["/shop", "startsWith", "https://x.nl/SHOP/Shoes", true],
    ["/shop", "startsWith", "https://x.nl//shop//shoes", true],
    ["/schoenen-%C3%A9", "startsWith", "https://x.nl/schoenen-é/a", true],
    // strict on paths
    ["/shop", "strict", "https://x.nl/shop", true],
    ["/shop", "strict", "https://x.nl/shop/", true],
    ["/shop/", "strict", "https://x.nl/shop", true],
    ["/shop", "strict", "https://x.nl/shop?utm_source=mail", true],
    ["/shop", "strict", "https://x.nl/shop#reviews", true],
    ["/shop", "strict", "https://x.nl/shop/shoes", false],
    ["/", "strict", "https://x.nl/", true],
    ["/", "strict", "https://x.nl", true],
    ["/", "strict", "https://x.nl/shop", false],
    // full URLs: host compared without scheme, www. and port
    ["https://www.x.nl/shop", "strict", "http://x.nl/shop", true],
    ["https://x.nl/shop", "strict", "https://www.x.nl:8443/shop/", true],
    ["www.x.nl/shop", "startsWith", "https://x.nl/shop/a", true],
    ["x.nl", "startsWith", "https://www.x.nl/a/b", true],
    ["x.nl", "strict", "https://www.x.nl/", true],
    ["x.nl", "strict", "https://www.x.nl/a", false],
    ["https://x.nl/shop", "strict", "https://y.nl/shop", false],
    ["https://shop.x.nl/", "startsWith", "https://x.nl/", false],
    // a route that names a port matches that port only (a staging or local site)
    ["staging.x.nl:8443/sale", "startsWith", "https://staging.x.nl:8443/sale/a", true],
    ["https://staging.x.nl:8443/", "startsWith", "https://staging.x.nl/", false],
    ["localhost:3401/shop", "strict", "http://localhost:3401/shop", true],
    ["localhost:3401/shop", "strict", "http://localhost:3402/shop", false],
    ["index.html", "strict", "https://x.nl/index.html", true],
    // query strings in the route must be present
    ["/shop?cat=shoes", "startsWith", "https://x.nl/shop?cat=shoes&page=2", true],
    ["/shop?cat=shoes", "startsWith", "https://x.nl/shop?cat=bags", false],
    ["/shop?cat=shoes", "strict", "https://x.nl/shop", false],
    ["/shop#top", "strict", "https://x.nl/shop", true],
    // wildcards
    ["/shop/*", "strict", "https://x.nl/shop/a", true],
    ["/shop/*", "strict", "https://x.nl/shopping", false],
    ["/shop*", "strict", "https://x.nl/shopping", true],
    ["*", "strict", "https://x.nl/any", true],
  ];
  it.each(table)("%s (%s) on %s -> %s", (route, routeType, url, expected) => {
    const result = matchTrigger({ route, routeType }, url);
    expect(result.matches).toBe(expected);
    expect(result.reason).toBeTypeOf("string");
    expect(result.reason.length).toBeGreaterThan(0);
  });

  it("explains why", () => {
    expect(matchTrigger({ route: "/a", routeType: "strict" }, "not a url")).toEqual({
      matches: false,
      reason: 'The page URL "not a url" is not a valid URL.',
    });
    expect(matchTrigger({ route: "  ", routeType: "strict" }, "https://x.nl").reason).toBe(
      "The trigger has no route.",
    );
    expect(
      matchTrigger({ route: "https://y.nl", routeType: "strict" }, "https://x.nl").reason,
    ).toBe('The host "x.nl" is not the route\'s host "y.nl".');
    expect(matchTrigger({ route: "/a?b=1", routeType: "strict" }, "https://x.nl/a").reason).toBe(
      'The query parameter "b=1" is missing.',
    );
    expect(matchTrigger({ route: "/a", routeType: "strict" }, "https://x.nl/b").reason).toBe(
      'The path "/b" is not "/a".',
    );
    expect(matchTrigger({ route: "/a", routeType: "startsWith" }, "https://x.nl/a/b").reason).toBe(
      'The path "/a/b" starts with "/a".',
    );
    expect(
      matchTrigger({ route: "/a", routeType: "sometimes" as RouteType }, "https://x.nl/a"),
    ).toEqual({
      matches: false,
      reason: 'Unknown route type "sometimes".',
    });
  });

  it("keeps a malformed escape as typed", () => {
    expect(parseRoute("/a%E0%A4%A").path).toBe("/a%e0%a4%a");
  });

  it("parseRoute reads hosts, paths and queries", () => {
    expect(parseRoute("https://www.Shop.nl:8080/A/?x=1#h")).toEqual({
      host: "shop.nl:8080",
      path: "/a",
      folder: true,
      wildcard: false,
      query: [["x", "1"]],
    });
  });
});

describe("where a trigger mounts", () => {
  it("finds the element by id or by all its classes, a typed # or . ignored", () => {
    const byId: Record<string, string> = { floow: "E1", "1st": "E2", "a:b": "E3" };
    const byClasses: Record<string, string[]> = {
      "product-list": ["L1", "L2"],
      "grid main": ["G1"],
    };
    const doc = {
      getElementById: (id: string) => byId[id] ?? null,
      getElementsByClassName: (names: string) => byClasses[names] ?? [],
    };
    expect(findTriggerElement({ attribute: "id", value: "#floow" }, doc)).toBe("E1");
    expect(findTriggerElement({ attribute: "id", value: " 1st " }, doc)).toBe("E2");
    expect(findTriggerElement({ attribute: "id", value: "a:b" }, doc)).toBe("E3");
    expect(findTriggerElement({ attribute: "class", value: ".product-list" }, doc)).toBe("L1");
    expect(findTriggerElement({ attribute: "class", value: "grid.main" }, doc)).toBe("G1");
    expect(findTriggerElement({ attribute: "id", value: " " }, doc)).toBeNull();
    expect(findTriggerElement({ attribute: "class", value: "." }, doc)).toBeNull();
    expect(findTriggerElement({ attribute: "class", value: "none" }, doc)).toBeNull();
  });

  it("maps targets to insert positions", () => {
    expect(TRIGGER_POSITIONS).toEqual({
      inside: "beforeend",
      before: "beforebegin",
      after: "afterend",
    });
  });

  it("pins the trigger constants", () => {
    expect(ROUTE_TYPES).toEqual(["startsWith", "strict"]);
    expect(TRIGGER_ATTRIBUTES).toEqual(["id", "class"]);
    expect(TRIGGER_TARGETS).toEqual(["inside", "before", "after"]);
    expect(DEFAULT_TRIGGER).toEqual({ routeType: "startsWith", attribute: "id", target: "inside" });
  });
});
