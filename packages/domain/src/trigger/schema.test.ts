import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { issuesOf } from "../test/issues";
import { triggerRouteStepSchema, triggerSchema, triggerTargetStepSchema } from "./schema";
import type { Trigger } from "./types";

const valid = {
  route: "/shop",
  routeType: "startsWith",
  attribute: "id",
  value: "floow",
  target: "inside",
};

describe("Trigger form", () => {
  it("produces the Trigger type", () => {
    expectTypeOf<z.output<typeof triggerSchema>>().toEqualTypeOf<Trigger>();
  });

  it.each([
    [valid, {}],
    [{ ...valid, route: "" }, { route: "Route cannot be empty. Please provide a valid URL." }],
    [{ ...valid, route: "  " }, { route: "Route cannot be empty. Please provide a valid URL." }],
    [{ ...valid, routeType: "regex" }, { routeType: "Route type must be startsWith or strict." }],
    [{ ...valid, attribute: "name" }, { attribute: "Attribute must be id or class." }],
    [{ ...valid, value: "" }, { value: "Value cannot be empty. Please provide a valid value." }],
    [{ ...valid, target: "replace" }, { target: "Target must be inside, before or after." }],
    [
      {},
      {
        route: "Route cannot be empty. Please provide a valid URL.",
        routeType: "Route type must be startsWith or strict.",
        attribute: "Attribute must be id or class.",
        value: "Value cannot be empty. Please provide a valid value.",
        target: "Target must be inside, before or after.",
      },
    ],
  ])("%j -> %j", (input, expected) => {
    expect(issuesOf(triggerSchema, input)).toEqual(expected);
  });

  it("validates the dialog's two steps separately", () => {
    expect(issuesOf(triggerRouteStepSchema, { route: "/a", routeType: "strict" })).toEqual({});
    expect(Object.keys(issuesOf(triggerTargetStepSchema, {}))).toEqual([
      "target",
      "attribute",
      "value",
    ]);
  });
});
