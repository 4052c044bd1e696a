import { describe, expect, it } from "vitest";
import { npmInstallSnippet, npmMountSnippet, scriptTagSnippet } from "./snippets";

describe("implementation snippets", () => {
  it("script tag loads embed.js from the dashboard's origin for the domain", () => {
    expect(scriptTagSnippet("https://app.floow.io", "d-1")).toBe(
      '<script src="https://app.floow.io/embed.js" data-domain="d-1" async></script>',
    );
  });

  it("npm installs the runtime and mounts it for the domain", () => {
    expect(npmInstallSnippet()).toBe("npm install @floow/runtime");
    const mount = npmMountSnippet("https://app.floow.io", "d-1");
    expect(mount).toContain('import { mount } from "@floow/runtime";');
    expect(mount).toContain('domainId: "d-1"');
  });
});
