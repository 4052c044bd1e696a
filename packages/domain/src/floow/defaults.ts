/**
 * The spec's defaults for a floow's nested configuration, as functions returning fresh
 * objects (callers may mutate them). Factories and zod schemas both build on these.
 */
import { DEFAULT_LANGUAGE } from "../shared/constants";
import type { Device } from "../shared/constants";
import {
  DEFAULT_BUTTON_TEXTS,
  DEFAULT_NO_RESULTS_TEXT,
  DEFAULT_PRODUCT_LINK,
  DEFAULT_RESULT_BUTTON_TEXT,
  DEFAULT_SHOW_MORE_TEXT,
  DEFAULT_START_BUTTON_TEXT,
  DEFAULT_STEP_LAYOUT,
  RESULTS_COLUMNS,
  RESULTS_IN_VIEW,
  START_WIDTH_DEFAULTS,
} from "./constants";
import type { FloowButtonKey } from "./constants";
import type {
  ChoiceEvent,
  FloowButton,
  FloowButtons,
  FloowContainer,
  FloowFinish,
  FloowProgress,
  FloowResults,
  FloowStart,
  ResultsLayout,
  StartLayout,
  StepEvent,
  StepStyle,
} from "./types";

export const defaultContainer = (): FloowContainer => ({
  type: "dialog",
  radius: "md",
  padding: "md",
});

export const defaultProgress = (): FloowProgress => ({
  type: "linear",
  direction: "row",
  colorId: null,
});

export const defaultButton = (key: FloowButtonKey): FloowButton => ({
  text: DEFAULT_BUTTON_TEXTS[key],
  variant: "solid",
  colorId: null,
  icon: "none",
  iconPosition: key === "back" ? "left" : "right",
});

export const defaultButtons = (): FloowButtons => ({
  size: "md",
  radius: "md",
  animation: "none",
  back: defaultButton("back"),
  next: defaultButton("next"),
  restart: defaultButton("restart"),
});

export const defaultStartLayout = (device: Device): StartLayout => ({
  width: START_WIDTH_DEFAULTS[device],
  align: "center",
});

export const defaultStart = (): FloowStart => ({
  type: "basic",
  text: "",
  image: null,
  button: { text: DEFAULT_START_BUTTON_TEXT },
  mobile: defaultStartLayout("mobile"),
  desktop: defaultStartLayout("desktop"),
});

export const defaultResultsLayout = (device: Device): ResultsLayout => ({
  width: 100,
  columns: RESULTS_COLUMNS[device],
  gap: "md",
  inView: RESULTS_IN_VIEW[device],
  type: "card",
  imagePosition: "cover",
  radius: "md",
  padding: "md",
  shadow: true,
});

export const defaultResults = (): FloowResults => ({
  imageAttribute: "image_link",
  labelAttribute: "title",
  attributes: [],
  button: { text: DEFAULT_RESULT_BUTTON_TEXT },
  mobile: defaultResultsLayout("mobile"),
  desktop: defaultResultsLayout("desktop"),
  showMore: { text: DEFAULT_SHOW_MORE_TEXT },
  placeholder: { type: "basic", text: DEFAULT_NO_RESULTS_TEXT },
  partial: "ranked",
  link: { ...DEFAULT_PRODUCT_LINK },
});

export const defaultFinish = (): FloowFinish => ({
  type: "results",
  text: "",
  image: null,
  results: defaultResults(),
});

/** The default step style; mobile and desktop start the same. */
export const defaultStepStyle = (): StepStyle => ({
  colorId: null,
  type: "basic",
  width: DEFAULT_STEP_LAYOUT.width,
  columns: DEFAULT_STEP_LAYOUT.columns,
  gap: "md",
  variant: "solid",
  direction: "column",
  imagePosition: "cover",
  radius: "md",
  padding: "md",
  shadow: true,
});

export const defaultStepEvent = (): StepEvent => ({
  dataLayer: { key: "", type: "single" },
  activation: { key: "", type: "single" },
});

export const defaultChoiceEvent = (): ChoiceEvent => ({
  dataLayer: { key: "", customEvent: "" },
  activation: { key: "", type: "single" },
});

export const DEFAULT_FLOOW_FLAGS = {
  closeOnClickOutside: false,
  skipTrigger: false,
  showBackButton: true,
  showNextButton: false,
  showRestartButton: true,
} as const;

export const DEFAULT_FLOOW_LANGUAGE = DEFAULT_LANGUAGE;
