import type { FloowUrl } from "@floow/domain/publish";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../../../test/webhook-receiver";
import { checkUrls, URL_CHECK_LIMITS } from "./url-check";

const at = (url: string, kind: FloowUrl["kind"] = "image"): FloowUrl => ({
  url,
  kind,
  place: "Start page",
  target: { page: "start" },
});

describe("checkUrls: the floow's http(s) links and images through the safe fetch", () => {
  let site: Receiver;
  const base = () => `http://127.0.0.1:${site.port}`;

  beforeAll(async () => {
    site = await startReceiver();
    site.behave = (request) => {
      if (request.path.startsWith("/ok")) return { status: 200, body: "x".repeat(100_000) };
      if (request.path.startsWith("/no-head"))
        return request.method === "HEAD" ? { status: 405 } : { status: 200, body: "fine" };
      if (request.path.startsWith("/slow")) return "hang";
      return { status: 404, body: "not here" };
    };
  });
  afterAll(() => site.close());

  it("warns about an address answering 404, not about one answering 200, and tries GET when HEAD is refused", async () => {
    const items = await checkUrls(
      [at(`${base()}/ok.png`), at(`${base()}/missing.png`), at(`${base()}/no-head`, "link")],
      { allowLoopback: true },
    );
    expect(items).toEqual([
      {
        severity: "warning",
        rule: "image-broken",
        message: `Start page: the image ${base()}/missing.png answers with status 404.`,
        target: { page: "start" },
      },
    ]);
    const asked = site.requests.map((r) => `${r.method} ${r.path}`).sort();
    expect(asked).toEqual([
      "GET /missing.png",
      "GET /no-head",
      "HEAD /missing.png",
      "HEAD /no-head",
      "HEAD /ok.png",
    ]);
  });

  it("keeps answers for ten minutes: asking again fetches nothing", async () => {
    const before = site.requests.length;
    const items = await checkUrls([at(`${base()}/missing.png`), at(`${base()}/ok.png`)], {
      allowLoopback: true,
    });
    expect(items.map((i) => i.rule)).toEqual(["image-broken"]);
    expect(site.requests.length).toBe(before);
  });

  it("refuses internal addresses without the test-only loopback setting", async () => {
    const items = await checkUrls([at(`${base()}/ok-internal.png`)]);
    expect(items).toEqual([
      expect.objectContaining({
        rule: "image-broken",
        message: `Start page: the image ${base()}/ok-internal.png points at an internal address.`,
      }),
    ]);
    expect(site.requests.some((r) => r.path === "/ok-internal.png")).toBe(false);
  });

  it("checks at most 20 addresses and stops in time, saying what it left unchecked", async () => {
    const many = Array.from({ length: URL_CHECK_LIMITS.maxUrls + 3 }, (_, i) =>
      at(`${base()}/ok-${i}.png`),
    );
    const items = await checkUrls(many, { allowLoopback: true });
    expect(items).toEqual([
      {
        severity: "warning",
        rule: "urls-unchecked",
        message:
          "3 of 23 link and image addresses were not checked: the check looks at the first 20.",
      },
    ]);
    const started = Date.now();
    const slow = await checkUrls([at(`${base()}/slow-1.png`), at(`${base()}/slow-2.png`)], {
      allowLoopback: true,
    });
    expect(Date.now() - started).toBeLessThan(URL_CHECK_LIMITS.totalMs + 1_000);
    expect(slow.map((i) => i.rule)).toEqual(["image-broken", "image-broken"]);
    expect(slow[0]?.message).toMatch(/did not answer in time/);
  }, 15_000);
});
