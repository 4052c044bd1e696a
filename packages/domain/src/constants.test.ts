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

/** Everything the subpaths (`@floow/domain/<concern>`) export. */
const C = {
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

describe("every constant of spec section 9", () => {
  it.each([
    ["FLOOW_TYPES", ["selling", "data"]],
    ["FLOOW_TYPE_LABELS", { selling: "Guided Selling", data: "Guided Data" }],
    ["FLOOW_STATUSES", ["development", "live", "archived"]],
    ["DEFAULT_FLOOW_NAME", "New Floow"],
    ["LANGUAGES", ["en", "nl", "fr", "de"]],
    ["ROLES", ["admin", "member"]],
    ["FEED_TYPES", ["channable", "shopify"]],
    ["DEFAULT_FEED_TYPE", "channable"],
    ["DOMAIN_TYPES", ["selling", "data"]],
    ["GROUP_OPERATORS", ["and", "or"]],
    [
      "FILTER_CONDITIONS",
      [
        "equals",
        "notEquals",
        "contains",
        "notContains",
        "empty",
        "notEmpty",
        "greaterThan",
        "greaterThanOrEquals",
        "lessThan",
        "lessThanOrEquals",
      ],
    ],
    ["ROUTE_TYPES", ["startsWith", "strict"]],
    ["TRIGGER_ATTRIBUTES", ["id", "class"]],
    ["TRIGGER_TARGETS", ["inside", "before", "after"]],
    ["RADIUS_SIZES", { none: 0, xs: 4, sm: 8, md: 12, lg: 16, xl: 24, full: 9999 }],
    ["PADDING_SIZES", { none: 0, xs: 4, sm: 8, md: 12, lg: 16, xl: 24 }],
    ["GAP_SIZES", { xs: 4, sm: 8, md: 12, lg: 16, xl: 24 }],
    ["RADIUS_SIZE_KEYS", ["none", "xs", "sm", "md", "lg", "xl", "full"]],
    ["PADDING_SIZE_KEYS", ["none", "xs", "sm", "md", "lg", "xl"]],
    ["GAP_SIZE_KEYS", ["xs", "sm", "md", "lg", "xl"]],
    ["START_WIDTH_DEFAULTS", { mobile: 90, desktop: 50 }],
    ["RESULTS_COLUMNS", { mobile: 1, desktop: 3 }],
    ["RESULTS_IN_VIEW", { mobile: 1, desktop: 3 }],
    ["DEFAULT_STEP_LAYOUT", { width: 100, columns: 1 }],
    ["DEFAULT_STEP_TEXT", "[ Title / Question ]"],
    ["DEFAULT_BUTTON_TEXTS", { back: "Back", next: "Next", restart: "Restart" }],
    ["DEFAULT_START_BUTTON_TEXT", "Start"],
    ["DEFAULT_RESULT_BUTTON_TEXT", "View"],
    ["DEFAULT_SHOW_MORE_TEXT", "Show more"],
    ["DEFAULT_NO_RESULTS_TEXT", "No results found"],
    ["EDITOR_SCALE_DEFAULT", 100],
    ["ENRICHMENT_METHODS", ["dataLayer", "activation"]],
    ["DEFAULT_WEBHOOK", { method: "POST", status: "active" }],
    ["SECTOR_COUNT", 40],
    ["HEX_CODE_LENGTH", 6],
    ["AI_PROMPT_MAX_LENGTH", 1000],
    ["LOADING_MESSAGE_INTERVAL_MS", 2000],
    ["INPUT_VALIDATION_DEBOUNCE_MS", 300],
    ["TRIGGER_DIALOG_STEPS", 2],
    ["PROGRESS_MIN", 0],
    ["PROGRESS_MAX", 100],
    ["OS_NAMES", ["windows", "mac", "unix", "linux", "unknown"]],
    ["CHART_TYPES", ["bar", "bubble", "doughnut", "line", "pie", "polarArea", "radar", "scatter"]],
    ["EVENT_NAME", "floows"],
    // Spec section 7's event types are those a floow posts to the page (and webhooks get);
    // EVENT_TYPES adds `holdout`, an experiment's server-only measurement (issue 23).
    [
      "WEBHOOK_EVENT_TYPES",
      ["mount", "start", "choice", "form", "finish", "product", "restart", "close"],
    ],
    ["TERMS_OF_SERVICE_DATE", "01022025"],
    ["USER_DELETED_TOAST_TIMEOUT_MS", 2000],
    ["RELOAD_AFTER_USER_DELETE_MS", 2000],
    ["FLOOW_ROUTE_PREFIXES", ["/floow/", "/domain/"]],
    ["LANGUAGE_LABELS", { en: "English", nl: "Nederlands", fr: "Français", de: "Deutsch" }],
  ])("%s", (name, value) => {
    expect((C as Record<string, unknown>)[name]).toEqual(value);
  });

  it("button icons: none, plus arrow, chevron, thumb and rocket icons", () => {
    expect(C.BUTTON_ICONS[0]).toBe("none");
    for (const family of ["arrow", "chevron", "thumb", "rocket"]) {
      expect(C.BUTTON_ICONS.some((icon) => icon.startsWith(family))).toBe(true);
    }
  });

  it("lists: 40 sectors, 42 colours, 17 integrations", () => {
    expect(C.SECTORS).toHaveLength(C.SECTOR_COUNT);
    expect(C.DEFAULT_PALETTE).toHaveLength(42);
    expect(C.INTEGRATION_CATALOGUE).toHaveLength(17);
    expect(C.FIELD_MESSAGES.fileSize).toBe("Files should be smaller than 10MB");
    expect(C.FORM_INPUT_MESSAGES.en.required).toBe("This field is required");
  });
});
