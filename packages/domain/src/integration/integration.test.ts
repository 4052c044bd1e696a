import { describe, expect, it } from "vitest";
import { INTEGRATION_CATALOGUE } from "./constants";
import { klaviyoSetupSchema } from "./schema";
import { integrationConfigurationSchema, integrationSchema } from "./spec-entities";
import { issuesOf } from "../test/issues";

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
    expect(INTEGRATION_CATALOGUE[0]).toMatchObject({ id: "klaviyo", name: "Klaviyo", setup: true });
    expect(
      INTEGRATION_CATALOGUE.every(
        (i) => i.image === `/integrations/${i.id}.svg` && i.description !== "",
      ),
    ).toBe(true);
  });

  it("the Klaviyo setup takes a domain and a private key (pk_…), empty to keep the stored one", () => {
    expect(klaviyoSetupSchema.parse({ domainId: "d", privateKey: " pk_abcdef123456 " })).toEqual({
      domainId: "d",
      privateKey: "pk_abcdef123456",
    });
    expect(klaviyoSetupSchema.parse({ domainId: "d" })).toEqual({ domainId: "d", privateKey: "" });
    expect(issuesOf(klaviyoSetupSchema, { domainId: "", privateKey: "sk_live_1" })).toEqual({
      domainId: "Please select a domain.",
      privateKey: "Please enter a Klaviyo private API key (it starts with pk_).",
    });
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
  });
});
