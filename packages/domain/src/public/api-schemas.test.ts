import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { DEFAULT_DOMAIN_COLORS } from "../domain/constants";
import { createColor } from "../domain/factories";
import { domainCreateSchema, domainUpdateSchema } from "../domain/schema";
import { createEventMessage } from "../events/logic";
import { EVENT_BATCH_MAX } from "../events/constants";
import { eventBatchSchema } from "../events/schema";
import { FLOOW_CONFLICT_MESSAGE } from "../floow/constants";
import { createFloow } from "../floow/factories";
import { floowCreateSchema, floowListSchema, floowUpdateSchema } from "../floow/schema";
import type { Floow, VersionedFloow } from "../floow/types";
import { byIdSchema } from "../shared/schema";
import { issuesOf } from "../test/issues";
import type { PublicFloow } from "./types";

// The schemas the API's domain and floow procedures and the public events call take.

const invalidHost =
  "Please enter a valid domain host in the format https://www.example.com, www.example.com or example.com";

describe("domainCreateSchema", () => {
  it("applies the Create Domain rules, naming the field", () => {
    expect(issuesOf(domainCreateSchema, { id: "d1" })).toEqual({
      name: "Please enter a domain name.",
      host: "Please enter a domain host.",
    });
    expect(issuesOf(domainCreateSchema, { id: "d1", name: "Shop", host: "example" })).toEqual({
      host: invalidHost,
    });
    expect(issuesOf(domainCreateSchema, { name: "Shop", host: "example.com" })).toHaveProperty(
      "id",
    );
  });

  it("prepends www. and leaves colours and fonts out when not given", () => {
    const parsed = domainCreateSchema.parse({ id: "d1", name: " Shop ", host: "example.com" });
    expect(parsed).toEqual({ id: "d1", name: "Shop", host: "www.example.com" });
    expect(
      domainCreateSchema.parse({ id: "d1", name: "S", host: "https://example.com" }).host,
    ).toBe("https://example.com");
  });

  it("keeps given colours", () => {
    const colors = DEFAULT_DOMAIN_COLORS.map((c) => createColor({ ...c }));
    expect(domainCreateSchema.parse({ id: "d1", name: "S", host: "a.nl", colors }).colors).toEqual(
      colors,
    );
  });
});

describe("domainUpdateSchema", () => {
  it("takes the whole domain with the Create Domain rules on name and host", () => {
    expect(issuesOf(domainUpdateSchema, { id: "d1", name: "", host: "nope" })).toEqual({
      name: "Please enter a domain name.",
      host: invalidHost,
    });
    expect(domainUpdateSchema.parse({ id: "d1", name: "S", host: "shop.nl" })).toMatchObject({
      host: "www.shop.nl",
      colors: [],
      fonts: [],
      blobUrl: null,
    });
  });
});

describe("floowCreateSchema", () => {
  it("names the failing fields with the Create Floow messages", () => {
    expect(issuesOf(floowCreateSchema, {})).toEqual({
      domainId: "Please select a domain.",
      type: "Please select a floow type.",
    });
    expect(issuesOf(floowCreateSchema, { domainId: "d1", type: "quiz" })).toEqual({
      type: "Please select a floow type.",
    });
  });

  it("allows an empty name (the server makes it New Floow)", () => {
    expect(floowCreateSchema.parse({ domainId: "d1", type: "data" })).toEqual({
      domainId: "d1",
      type: "data",
      name: "",
    });
    expect(floowCreateSchema.parse({ domainId: "d1", type: "data", name: "  Quiz " }).name).toBe(
      "Quiz",
    );
  });
});

describe("floowUpdateSchema", () => {
  it("needs the version the edit was based on", () => {
    const {
      organizationId: _o,
      userId: _u,
      createdAt: _c,
      updatedAt: _up,
      ...input
    } = createFloow("selling", { domainId: "d1" });
    expect(issuesOf(floowUpdateSchema, input)).toHaveProperty("version");
    expect(issuesOf(floowUpdateSchema, { ...input, version: 0 })).toHaveProperty("version");
    expect(floowUpdateSchema.parse({ ...input, version: 3 }).version).toBe(3);
  });

  it("has a conflict message for stale versions", () => {
    expect(FLOOW_CONFLICT_MESSAGE).toBe(
      "This floow was changed elsewhere. Reload to see the latest version.",
    );
  });
});

describe("floowListSchema", () => {
  it("filters optionally by domain and status", () => {
    expect(floowListSchema.parse(undefined)).toEqual({});
    expect(floowListSchema.parse({ domainId: "d1", status: "live" })).toEqual({
      domainId: "d1",
      status: "live",
    });
    expect(issuesOf(floowListSchema, { status: "gone" })).toHaveProperty("status");
  });
});

describe("byIdSchema", () => {
  it("needs a non-empty id", () => {
    expect(byIdSchema.parse({ id: "x" })).toEqual({ id: "x" });
    expect(issuesOf(byIdSchema, { id: "" })).toHaveProperty("id");
  });
});

describe("eventBatchSchema", () => {
  const context = { organizationId: "o1", domainId: "d1", floowId: "f1", sessionId: "s1" };

  it("takes 1 to 100 event messages", () => {
    const event = createEventMessage(context, "start");
    expect(eventBatchSchema.parse({ events: [event] }).events).toHaveLength(1);
    expect(issuesOf(eventBatchSchema, { events: [] })).toHaveProperty("events");
    const tooMany = Array.from({ length: EVENT_BATCH_MAX + 1 }, () => event);
    expect(issuesOf(eventBatchSchema, { events: tooMany })).toHaveProperty("events");
  });

  it("names the failing event's field", () => {
    const event = createEventMessage(context, "start");
    expect(
      issuesOf(eventBatchSchema, { events: [event, { ...event, type: "explode" }] }),
    ).toHaveProperty("events.1.type");
  });
});

describe("API types", () => {
  it("type-check (tsc runs over this file)", () => {
    expectTypeOf<VersionedFloow>().toExtend<Floow>();
    expectTypeOf<PublicFloow>().not.toHaveProperty("filters");
    expectTypeOf<PublicFloow>().not.toHaveProperty("userId");
    expectTypeOf<z.output<typeof floowUpdateSchema>["version"]>().toEqualTypeOf<number>();
  });
});
