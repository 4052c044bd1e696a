import { describe, expect, it } from "vitest";
import { ID_PATTERN } from "../shared/ids";
import { EVENTS_VERSION, EVENT_NAME, EVENT_TYPES } from "./constants";
import { createEventMessage } from "./logic";
import { floowEventMessageSchema } from "./schema";

const context = { organizationId: "o", domainId: "d", floowId: "f", sessionId: "s" };

describe("event messages", () => {
  it("pins the name and types", () => {
    expect(EVENT_NAME).toBe("floows");
    expect(EVENT_TYPES).toEqual([
      "mount",
      "start",
      "choice",
      "form",
      "finish",
      "product",
      "restart",
      "close",
      "holdout",
    ]);
  });

  it("createEventMessage builds a message the schema accepts", () => {
    const message = createEventMessage(
      context,
      "choice",
      { step: { id: "st", text: "Q" }, choices: [{ id: "c", text: "A", selected: true }] },
      new Date("2025-02-01T10:00:00Z"),
    );
    expect(message).toEqual({
      event: "floows",
      v: 1,
      id: message.id,
      ...context,
      createdAt: "2025-02-01T10:00:00.000Z",
      type: "choice",
      step: { id: "st", text: "Q" },
      choices: [{ id: "c", text: "A", selected: true }],
    });
    expect(message.id).toMatch(ID_PATTERN);
    expect(floowEventMessageSchema.parse(message)).toEqual(message);
    expect(createEventMessage(context, "mount").type).toBe("mount");
  });

  it("the schema keeps the version and the step's and choices' event keys (what the runtime sends)", () => {
    const step = {
      id: "st",
      text: "Budget?",
      dataLayer: { key: "budget", type: "single" as const },
      activation: { key: "Budget", type: "multiple" as const },
    };
    const choices = [
      {
        id: "c",
        text: "Low",
        selected: true,
        dataLayer: { key: "low", customEvent: "budget_low" },
        activation: { key: "low", type: "single" as const },
      },
    ];
    const message = createEventMessage(context, "choice", { step, choices });
    expect(message.v).toBe(EVENTS_VERSION);
    expect(floowEventMessageSchema.parse(message)).toEqual(message);
    // A message without a version is a version 1 message.
    const { v: _v, ...unversioned } = message;
    expect(floowEventMessageSchema.parse(unversioned).v).toBe(1);
    expect(
      floowEventMessageSchema.safeParse({
        ...message,
        step: { ...step, dataLayer: { key: "k", type: "many" } },
      }).success,
    ).toBe(false);
    expect(floowEventMessageSchema.safeParse({ ...message, v: 0 }).success).toBe(false);
  });

  it("the schema rejects other events", () => {
    const message = createEventMessage(context, "finish", { products: [{ id: "1" }] });
    expect(floowEventMessageSchema.safeParse({ ...message, event: "gtm.click" }).success).toBe(
      false,
    );
    expect(floowEventMessageSchema.safeParse({ ...message, type: "hover" }).success).toBe(false);
  });
});
