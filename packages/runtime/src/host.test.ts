import { describe, expect, it } from "vitest";
import { CSS } from "./render/styles";
import { HOST_ATTR, clearSkeleton, createHost } from "./host";

/**
 * The host element is in the page, so the page's own rules match it (a real page had
 * `* { all: unset }` and `div { display: none }`: the floow vanished). The e2e
 * `apps/dashboard/e2e/runtime-embed.spec.ts` shows it in Chromium; these pin the rules.
 */
describe("the host against the page's CSS", () => {
  it("a skeleton host is displayed whatever the page's CSS (an important inline display)", () => {
    for (const dialog of [false, true]) {
      const host = createHost("f1", dialog);
      expect(host.getAttribute(HOST_ATTR)).toBe("f1");
      expect(host.style.getPropertyValue("display")).toBe("block");
      expect(host.style.getPropertyPriority("display")).toBe("important");
      clearSkeleton(host);
      expect(host.getAttribute("style")).toBeNull();
    }
  });

  it("the shadow root resets and displays its host with important declarations", () => {
    // Important declarations of a shadow root beat the page's, normal and important ones;
    // its normal declarations lose to any page rule that matches the host.
    const host = /^:host\{([^}]*)\}/.exec(CSS)?.[1]?.split(";");
    expect(host).toEqual(["all:initial!important", "display:block!important"]);
  });
});
