import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/issues";
import { DEFAULT_WEBHOOK, WEBHOOK_METHODS, WEBHOOK_STATUSES } from "./constants";
import { createWebhook } from "./factories";
import { webhookInputSchema, webhookSchema } from "./schema";

describe("webhooks", () => {
  it("a new webhook is POST and active", () => {
    expect(DEFAULT_WEBHOOK).toEqual({ method: "POST", status: "active" });
    expect(WEBHOOK_METHODS[0]).toBe("POST");
    expect(WEBHOOK_STATUSES).toEqual(["active", "inactive"]);
    const hook = createWebhook({ domainId: "d", name: "CRM", url: "https://crm.example.com/hook" });
    expect(hook).toMatchObject({
      method: "POST",
      status: "active",
      floowId: null,
      headers: {},
      events: [],
    });
    expect(hook.secret).toMatch(/^[0-9a-f]{32}$/);
    expect(createWebhook().secret).not.toBe(hook.secret);
    expect(webhookSchema.parse(hook)).toEqual(hook);
  });

  it("validates name and url", () => {
    expect(issuesOf(webhookInputSchema, { id: "w", domainId: "d", name: "", url: "x" })).toEqual({
      name: "This field is required",
      url: "Website should be valid",
    });
    expect(
      webhookInputSchema.parse({ id: "w", domainId: "d", name: "n", url: "https://a.nl/h" }),
    ).toMatchObject({ method: "POST", status: "active" });
    expect(Object.keys(webhookInputSchema.shape)).not.toContain("organizationId");
  });
});
