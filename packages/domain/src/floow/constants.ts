import type { Device } from "../shared/constants";

export const FLOOW_TYPES = ["selling", "data"] as const;
export type FloowType = (typeof FLOOW_TYPES)[number];
export const FLOOW_TYPE_LABELS: Readonly<Record<FloowType, string>> = {
  selling: "Guided Selling",
  data: "Guided Data",
};

export const FLOOW_STATUSES = ["development", "live", "archived"] as const;
export type FloowStatus = (typeof FLOOW_STATUSES)[number];

/** An empty name becomes this when a floow is created. */
export const DEFAULT_FLOOW_NAME = "New Floow";

/** `floow.update` based on an old version (someone saved in between): the CONFLICT message. */
export const FLOOW_CONFLICT_MESSAGE =
  "This floow was changed elsewhere. Reload to see the latest version.";

export const CONTAINER_TYPES = ["dialog", "embedded"] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

export const PROGRESS_TYPES = ["linear", "steps", "none"] as const;
export type ProgressType = (typeof PROGRESS_TYPES)[number];
export const PROGRESS_DIRECTIONS = ["row", "column"] as const;
export type ProgressDirection = (typeof PROGRESS_DIRECTIONS)[number];

export const BUTTON_VARIANTS = ["solid", "outline", "ghost"] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_ANIMATIONS = ["none", "pulse", "bounce"] as const;
export type ButtonAnimation = (typeof BUTTON_ANIMATIONS)[number];
/** None, plus arrow, chevron, thumb and rocket icons. */
export const BUTTON_ICONS = [
  "none",
  "arrow-left",
  "arrow-right",
  "chevron-left",
  "chevron-right",
  "thumb-up",
  "thumb-down",
  "rocket",
] as const;
export type ButtonIcon = (typeof BUTTON_ICONS)[number];
export const ICON_POSITIONS = ["left", "right"] as const;
export type IconPosition = (typeof ICON_POSITIONS)[number];
export const FLOOW_BUTTON_KEYS = ["back", "next", "restart"] as const;
export type FloowButtonKey = (typeof FLOOW_BUTTON_KEYS)[number];
export const DEFAULT_BUTTON_TEXTS: Readonly<Record<FloowButtonKey, string>> = {
  back: "Back",
  next: "Next",
  restart: "Restart",
};

export const START_TYPES = ["basic", "none"] as const;
export type StartType = (typeof START_TYPES)[number];
export const DEFAULT_START_BUTTON_TEXT = "Start";
/**
 * A new floow's start page: a title and a short text (rich text, HTML), per floow type and
 * language, so that the shopper's first view is a designed page and not a lone button.
 */
export const DEFAULT_START_TEXTS: Readonly<
  Record<"selling" | "data", Readonly<Record<"en" | "nl" | "fr" | "de", string>>>
> = {
  selling: {
    en: "<h2>Find the right product</h2><p>Answer a few short questions and we will show you the products that fit you best.</p>",
    nl: "<h2>Vind het juiste product</h2><p>Beantwoord een paar korte vragen en wij laten je de producten zien die het best bij je passen.</p>",
    fr: "<h2>Trouvez le bon produit</h2><p>Répondez à quelques questions et nous vous montrerons les produits qui vous conviennent le mieux.</p>",
    de: "<h2>Finden Sie das passende Produkt</h2><p>Beantworten Sie ein paar kurze Fragen und wir zeigen Ihnen die Produkte, die am besten zu Ihnen passen.</p>",
  },
  data: {
    en: "<h2>Tell us about yourself</h2><p>A few short questions, so that we can help you better. It takes about a minute.</p>",
    nl: "<h2>Vertel ons over jezelf</h2><p>Een paar korte vragen, zodat we je beter kunnen helpen. Het duurt ongeveer een minuut.</p>",
    fr: "<h2>Parlez-nous de vous</h2><p>Quelques questions pour mieux vous aider. Cela prend environ une minute.</p>",
    de: "<h2>Erzählen Sie uns von sich</h2><p>Ein paar kurze Fragen, damit wir Ihnen besser helfen können. Es dauert etwa eine Minute.</p>",
  },
};
export const ALIGNMENTS = ["left", "center", "right"] as const;
export type Alignment = (typeof ALIGNMENTS)[number];
/** Start page width (%) per device. */
export const START_WIDTH_DEFAULTS: Readonly<Record<Device, number>> = { mobile: 90, desktop: 50 };

export const FINISH_TYPES = ["results", "basic"] as const;
export type FinishType = (typeof FINISH_TYPES)[number];
export const RESULT_LAYOUT_TYPES = ["card", "list"] as const;
export type ResultLayoutType = (typeof RESULT_LAYOUT_TYPES)[number];
export const PLACEHOLDER_TYPES = ["basic"] as const;
/**
 * When no product meets every answer: `ranked` shows the closest partial matches, ranked by
 * the answers they meet, each card saying which ("Matches: …"); `placeholder` shows the
 * finish page's "No results found" text instead.
 */
export const PARTIAL_RESULT_MODES = ["ranked", "placeholder"] as const;
export type PartialResultMode = (typeof PARTIAL_RESULT_MODES)[number];
export type PlaceholderType = (typeof PLACEHOLDER_TYPES)[number];
/** Where a result's product page opens: this tab (the merchant's own site) or a new tab. */
export const PRODUCT_LINK_TARGETS = ["self", "blank"] as const;
export type ProductLinkTarget = (typeof PRODUCT_LINK_TARGETS)[number];
/** A floow's product link when it has none (all floows saved before the setting). */
export const DEFAULT_PRODUCT_LINK: Readonly<{ target: ProductLinkTarget; utm: boolean }> = {
  target: "self",
  utm: false,
};
export const DEFAULT_RESULT_BUTTON_TEXT = "View";
export const DEFAULT_SHOW_MORE_TEXT = "Show more";
export const DEFAULT_NO_RESULTS_TEXT = "No results found";
/** Results columns per device. */
export const RESULTS_COLUMNS: Readonly<Record<Device, number>> = { mobile: 1, desktop: 3 };
/** Results visible at once per device. */
export const RESULTS_IN_VIEW: Readonly<Record<Device, number>> = { mobile: 1, desktop: 3 };

export const STEP_TYPES = ["single", "multiple", "form", "content"] as const;
export type StepType = (typeof STEP_TYPES)[number];
export const DEFAULT_STEP_TYPE: StepType = "single";
export const DEFAULT_STEP_TEXT = "[ Title / Question ]";
export const STYLE_TYPES = ["basic", "card", "image"] as const;
export type StyleType = (typeof STYLE_TYPES)[number];
export const STYLE_VARIANTS = ["solid", "outline", "ghost"] as const;
export type StyleVariant = (typeof STYLE_VARIANTS)[number];
export const DIRECTIONS = ["column", "row"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const IMAGE_POSITIONS = [
  "cover",
  "contain",
  "top",
  "bottom",
  "left",
  "right",
  "none",
] as const;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];
/** Default step layout: width 100 (%), one column. */
export const DEFAULT_STEP_LAYOUT = { width: 100, columns: 1 } as const;

/** How a step or choice writes its value into an event: one value or a list. */
export const EVENT_VALUE_TYPES = ["single", "multiple"] as const;
export type EventValueType = (typeof EVENT_VALUE_TYPES)[number];

/** When a condition applies: its choice was selected, was not selected, or always. */
export const CONDITION_TYPES = ["selected", "notSelected", "always"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
/** What a condition does: go to a step, go to the finish, or show/hide choices of the consequence step. */
export const CONSEQUENCE_TYPES = ["goToStep", "goToFinish", "showChoices", "hideChoices"] as const;
export type ConsequenceType = (typeof CONSEQUENCE_TYPES)[number];

/** The id `resolveNextStep` returns when the floow ends. */
export const FINISH = "finish" as const;
