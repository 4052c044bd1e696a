import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/issues";
import { SECTOR_NAMES, SECTORS } from "./constants";
import { createOrganizationSchema, updateOrganizationSchema } from "./schema";
import { organizationSchema } from "./spec-entities";

const expected = [
  "Healthcare",
  "Education",
  "Government",
  "Construction",
  "Industry",
  "Energy",
  "Transport",
  "Logistics",
  "Retail",
  "Wholesale",
  "Hospitality",
  "Financial Services",
  "Business Services",
  "Communication",
  "IT",
  "Media",
  "Research",
  "Consultancy",
  "Legal",
  "Real Estate",
  "Rental",
  "Recreation",
  "Bedding",
  "Agriculture",
  "Forestry",
  "Fishing",
  "Mining",
  "Manufacturing",
  "Utilities",
  "Arts and Culture",
  "Entertainment",
  "Sports",
  "Technology",
  "Non-Profit",
  "Public Administration",
  "Personal Services",
  "Beauty and Wellness",
  "Environmental Services",
  "Security",
  "Veterinary Services",
];

describe("sectors", () => {
  it("are the 40 sectors in order, numbered 1 to 40", () => {
    expect(SECTOR_NAMES).toEqual(expected);
    expect(SECTORS).toHaveLength(40);
    expect(SECTORS.map((s) => s.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(SECTORS[0]).toEqual({ id: 1, name: "Healthcare" });
    expect(SECTORS[39]).toEqual({ id: 40, name: "Veterinary Services" });
  });
});

describe("organization schemas", () => {
  it("entity defaults", () => {
    expect(organizationSchema.parse({ id: "o", name: "Acme" })).toEqual({
      id: "o",
      name: "Acme",
      display_name: "",
      email: "",
      branding: { logo_url: null },
      sector: null,
      // Issue 23: orders count for a floow used up to this many days before (1 to 30).
      attribution_window_days: 7,
    });
  });

  it.each([
    [{ name: "Acme", sector: 1 }, {}],
    [{ name: "Acme", sector: 40 }, {}],
    [{ name: "Acme", sector: 0 }, { sector: "Please select a sector." }],
    [{ name: "Acme", sector: 41 }, { sector: "Please select a sector." }],
    [{ name: "Acme", sector: 2.5 }, { sector: "Please select a sector." }],
    [{ name: "" }, { name: "Please enter an organization name." }],
    [{ name: "Acme", email: "info@acme.example" }, {}],
    [{ name: "Acme", email: "info at acme" }, { email: "E-mail should be valid" }],
  ])("update %j -> %j", (input, expectedIssues) => {
    expect(issuesOf(updateOrganizationSchema, input)).toEqual(expectedIssues);
  });

  it("create takes a name and an optional display name", () => {
    expect(createOrganizationSchema.parse({ name: " Acme ", displayName: "ACME BV" })).toEqual({
      name: "Acme",
      displayName: "ACME BV",
    });
    expect(issuesOf(createOrganizationSchema, {})).toEqual({
      name: "Please enter an organization name.",
    });
  });
});
