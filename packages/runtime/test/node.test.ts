/**
 * The built npm package (dist/) imported where there is no browser (Node, server rendering): importing it
 * is safe, and calling it fails at the call with a clear error, never later as an unhandled
 * rejection that ends the process.
 */
import { describe, expect, it } from "vitest";

const BROWSER_ONLY = /^@floow\/runtime runs in a browser only/;

describe("@floow/runtime in Node", () => {
  it("imports without a DOM, the element subpath too (it registers nothing)", async () => {
    expect(typeof document).toBe("undefined");
    const runtime = await import("../dist/index.js");
    await import("../dist/element.js");
    expect(typeof runtime.mount).toBe("function");
  });

  it("mount() and open() throw the browser-only error at once, with nothing left to reject", async () => {
    const { mount, open } = await import("../dist/index.js");
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      expect(() => mount(null, { floowId: "f1", apiUrl: "http://127.0.0.1:9" })).toThrow(
        BROWSER_ONLY,
      );
      expect(() => mount({ domainId: "d1", apiUrl: "http://127.0.0.1:9" })).toThrow(BROWSER_ONLY);
      expect(() => open("f1", { apiUrl: "http://127.0.0.1:9" })).toThrow(BROWSER_ONLY);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rejections).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});
