import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/issues";
import {
  DEFAULT_WEBHOOK,
  WEBHOOK_DEFAULT_EVENTS,
  WEBHOOK_METHODS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  WEBHOOK_STATUSES,
} from "./constants";
import { webhookInputSchema, webhookSchema } from "./schema";

describe("webhooks", () => {
  it("a new webhook is POST and active", () => {
    expect(DEFAULT_WEBHOOK).toEqual({ method: "POST", status: "active" });
    expect(WEBHOOK_METHODS[0]).toBe("POST");
    expect(WEBHOOK_STATUSES).toEqual(["active", "inactive"]);
    expect(WEBHOOK_DEFAULT_EVENTS).toEqual(["finish", "form"]);
    const hook = {
      id: "w",
      organizationId: "o",
      domainId: "d",
      floowId: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      name: "CRM",
      url: "https://crm.example.com/hook",
      secret: "",
      headers: {},
      ...DEFAULT_WEBHOOK,
      events: [...WEBHOOK_DEFAULT_EVENTS],
    };
    expect(webhookSchema.parse(hook)).toEqual(hook);
  });

  it("validates name and url", () => {
    expect(issuesOf(webhookInputSchema, { id: "w", domainId: "d", name: "", url: "x" })).toEqual({
      name: "This field is required",
      url: "Website should be valid",
    });
    expect(
      webhookInputSchema.parse({ id: "w", domainId: "d", name: "n", url: "https://a.nl/h" }),
    ).toMatchObject({
      method: "POST",
      status: "active",
      events: ["finish", "form"],
      floowId: null,
    });
    expect(Object.keys(webhookInputSchema.shape)).not.toContain("secret");
    expect(Object.keys(webhookInputSchema.shape)).not.toContain("organizationId");
  });

  it("needs an event, and headers Floow does not set itself", () => {
    const base = { id: "w", domainId: "d", name: "n", url: "https://a.nl/h" };
    expect(issuesOf(webhookInputSchema, { ...base, events: [] })).toEqual({
      events: "Please select at least one event.",
    });
    expect(
      issuesOf(webhookInputSchema, {
        ...base,
        headers: { "Webhook-Signature": "x", "bad name": "y", Authorization: "Bearer t" },
      }),
    ).toEqual({
      "headers.Webhook-Signature": "This header is set by Floow.",
      "headers.bad name": "Header names may use letters, digits and - only.",
    });
  });

  it("retries on the schedule of the issue: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h", () => {
    const s = 1000;
    const h = 3600 * s;
    expect(WEBHOOK_RETRY_SCHEDULE_MS).toEqual([
      0,
      5 * s,
      300 * s,
      1800 * s,
      2 * h,
      5 * h,
      10 * h,
      14 * h,
      20 * h,
      24 * h,
    ]);
  });
});
