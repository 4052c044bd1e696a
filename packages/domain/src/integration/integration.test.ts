import { describe, expect, it } from "vitest";
import { INTEGRATION_CATALOGUE } from "./constants";
import {
  integrationConfigurationSchema,
  integrationInputSchema,
  integrationSchema,
} from "./schema";

describe("integrations", () => {
  it("the catalogue: sixteen email and marketing tools and a search tool; only the first has setup", () => {
    expect(INTEGRATION_CATALOGUE).toHaveLength(17);
    expect(INTEGRATION_CATALOGUE.filter((i) => i.setup).map((i) => i.id)).toEqual([
      INTEGRATION_CATALOGUE[0]!.id,
    ]);
    expect(INTEGRATION_CATALOGUE.filter((i) => i.tags.includes("search"))).toHaveLength(1);
    expect(INTEGRATION_CATALOGUE.slice(0, 16).every((i) => i.tags.includes("marketing"))).toBe(
      true,
    );
    expect(new Set(INTEGRATION_CATALOGUE.map((i) => i.id)).size).toBe(17);
  });

  it("schemas", () => {
    expect(integrationConfigurationSchema.parse({ id: "c", name: "Tool" })).toEqual({
      id: "c",
      name: "Tool",
      tags: [],
      description: "",
      image: null,
      setup: false,
    });
    expect(
      integrationSchema.parse({ id: "i", domainId: "d", integrationConfigurationId: "c" }),
    ).toEqual({
      id: "i",
      domainId: "d",
      integrationConfigurationId: "c",
      settings: {},
    });
    expect(integrationInputSchema).toBe(integrationSchema);
  });
});
