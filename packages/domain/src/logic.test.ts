import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as Analytics from "./analytics";
import * as Blob from "./blob";
import * as Domain from "./domain";
import * as Events from "./events";
import * as Feed from "./feed";
import * as Filter from "./filter";
import * as Floow from "./floow";
import * as FormInput from "./form-input";
import * as Insights from "./insights";
import * as Integration from "./integration";
import * as Messages from "./messages";
import * as Organization from "./organization";
import * as Public from "./public";
import * as Publish from "./publish";
import * as Results from "./results";
import * as Shared from "./shared";
import * as Support from "./support";
import * as Trigger from "./trigger";
import * as User from "./user";
import * as Validation from "./validation";
import * as Webhook from "./webhook";
import * as Errors from "./errors";
import * as logic from "./logic";

const here = dirname(fileURLToPath(import.meta.url));
/** Everything the subpaths (`@floow/domain/<concern>`) export. */
const domain = {
  ...Analytics,
  ...Blob,
  ...Domain,
  ...Events,
  ...Feed,
  ...Filter,
  ...Floow,
  ...FormInput,
  ...Insights,
  ...Integration,
  ...Messages,
  ...Organization,
  ...Public,
  ...Publish,
  ...Results,
  ...Shared,
  ...Support,
  ...Trigger,
  ...User,
  ...Validation,
  ...Webhook,
  ...Errors,
};

/** Every module a file imports at runtime (type-only imports are erased), transitively. */
function runtimeGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    const statements = source.match(/^(?:import|export)\s[^;]*?from\s+"[^"]+";/gms) ?? [];
    for (const statement of statements) {
      if (/^(?:import|export)\s+type\s/.test(statement)) continue;
      const specifier = /from\s+"([^"]+)"/.exec(statement)?.[1] as string;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), `${specifier}.ts`));
      else packages.add(specifier);
    }
  };
  visit(resolve(here, entry));
  return { files, packages };
}

describe("@floow/domain/logic is dependency-free", () => {
  it.each(["logic.ts"])("%s imports no package, transitively", (entry) => {
    const { files, packages } = runtimeGraph(entry);
    expect([...packages]).toEqual([]);
    expect(files.size).toBeGreaterThan(5);
    for (const file of files) expect(file).not.toMatch(/schema\.ts$/);
  });

  it("a concern with schemas does use zod (sanity check of the graph walker)", () => {
    expect([...runtimeGraph("floow/index.ts").packages]).toEqual(["zod"]);
  });
});

describe("the public surface", () => {
  it("logic exports the contract's names", () => {
    for (const name of [
      "matchTrigger",
      "findTriggerElement",
      "resolveNextStep",
      "evaluateFilterGroups",
      "computeResults",
      "formInputErrors",
      "progressPercent",
      "initials",
      "roleLabel",
      "formatEuro",
      "formatDateNl",
      "detectOs",
      "EVENT_NAME",
      "EVENT_TYPES",
      "LANGUAGES",
      "RADIUS_SIZES",
      "PADDING_SIZES",
      "GAP_SIZES",
      "DEFAULT_FEED_VARIABLES",
    ]) {
      expect(logic).toHaveProperty(name);
    }
  });

  it("the subpaths export logic, schemas, factories and messages", () => {
    for (const name of [
      "matchTrigger",
      "createDomain",
      "createFloow",
      "createStep",
      "createChoice",
      "createCondition",
      "createFilterGroup",
      "createFilter",
      "createFormInput",
      "createTrigger",
      "defaultPalette",
      "addColorSchema",
      "createDomainSchema",
      "createFloowSchema",
      "createFloowFeedStepSchema",
      "feedFormSchema",
      "fontSchema",
      "triggerSchema",
      "supportTicketSchema",
      "inviteSchema",
      "changeEmailSchema",
      "changePasswordSchema",
      "aiPromptSchema",
      "floowSchema",
      "SECTORS",
      "TOASTS",
      "DomainError",
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });

  it("the spec's entity schemas no code parses stay off the subpaths (conformance.test.ts checks them)", () => {
    for (const name of [
      "userSchema",
      "invitationSchema",
      "teamUserSchema",
      "newUserSchema",
      "organizationSchema",
      "integrationConfigurationSchema",
      "integrationSchema",
      "newFloowSchema",
    ]) {
      expect(domain).not.toHaveProperty(name);
    }
  });
});
