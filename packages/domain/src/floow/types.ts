/**
 * The floow configuration as plain TypeScript types. Dependency-free so the runtime can
 * use them; the zod schemas in `schema.ts` are checked to produce exactly these types.
 */
import type {
  ButtonSize,
  Device,
  GapSize,
  Language,
  PaddingSize,
  RadiusSize,
} from "../shared/constants";
import type { Filter, FilterGroup } from "../filter/types";
import type { FormInput } from "../form-input/types";
import type { Trigger } from "../trigger/types";
import type {
  Alignment,
  ButtonAnimation,
  ButtonIcon,
  ButtonVariant,
  ConditionType,
  ConsequenceType,
  ContainerType,
  Direction,
  EventValueType,
  FinishType,
  FloowStatus,
  FloowType,
  IconPosition,
  ImagePosition,
  PartialResultMode,
  PlaceholderType,
  ProductLinkTarget,
  ProgressDirection,
  ProgressType,
  ResultLayoutType,
  StartType,
  StepType,
  StyleType,
  StyleVariant,
} from "./constants";

export interface FloowContainer {
  type: ContainerType;
  radius: RadiusSize;
  padding: PaddingSize;
}

export interface FloowProgress {
  type: ProgressType;
  direction: ProgressDirection;
  colorId: string | null;
}

export interface FloowButton {
  text: string;
  variant: ButtonVariant;
  colorId: string | null;
  icon: ButtonIcon;
  iconPosition: IconPosition;
}

export interface FloowButtons {
  size: ButtonSize;
  radius: RadiusSize;
  animation: ButtonAnimation;
  back: FloowButton;
  next: FloowButton;
  restart: FloowButton;
}

export interface StartLayout {
  /** Width in %. */
  width: number;
  align: Alignment;
}

export interface FloowStart {
  type: StartType;
  text: string;
  image: string | null;
  button: { text: string };
  mobile: StartLayout;
  desktop: StartLayout;
}

export interface ResultsLayout {
  /** Width in %. */
  width: number;
  columns: number;
  gap: GapSize;
  inView: number;
  type: ResultLayoutType;
  imagePosition: ImagePosition;
  radius: RadiusSize;
  padding: PaddingSize;
  shadow: boolean;
}

export interface FloowResults {
  /** Product attribute holding the image url. */
  imageAttribute: string;
  /** Product attribute shown as the product's label. */
  labelAttribute: string;
  /** Further product attributes shown on a result. */
  attributes: string[];
  button: { text: string };
  mobile: ResultsLayout;
  desktop: ResultsLayout;
  showMore: { text: string };
  placeholder: { type: PlaceholderType; text: string };
  /** No product meets every answer: closest matches (`ranked`) or the placeholder. */
  partial: PartialResultMode;
  /**
   * What a click on a product's link does: open it in this tab or a new one, with or without
   * UTM parameters (`productLinkUrl`). Floows stored before it read as `DEFAULT_PRODUCT_LINK`.
   */
  link: ProductLink;
}

export interface ProductLink {
  target: ProductLinkTarget;
  /** Add `utm_source=floow`, `utm_medium=guided-selling`, `utm_campaign=<floow name>`. */
  utm: boolean;
}

export interface FloowFinish {
  type: FinishType;
  text: string;
  image: string | null;
  results: FloowResults;
}

export interface StepStyle {
  colorId: string | null;
  type: StyleType;
  /** Width in %. */
  width: number;
  columns: number;
  gap: GapSize;
  variant: StyleVariant;
  direction: Direction;
  imagePosition: ImagePosition;
  radius: RadiusSize;
  padding: PaddingSize;
  shadow: boolean;
}

export interface EventEntry {
  key: string;
  type: EventValueType;
}

export interface StepEvent {
  dataLayer: EventEntry;
  /** The marketing-automation (activation) platform's entry. */
  activation: EventEntry;
}

export interface ChoiceEvent {
  dataLayer: { key: string; customEvent: string };
  /** `key` is stored lowercase. */
  activation: EventEntry;
}

export interface Choice {
  id: string;
  stepId: string;
  /** Rich text (HTML). */
  text: string;
  image: string | null;
  event: ChoiceEvent;
}

export interface Condition {
  id: string;
  stepId: string;
  condition: ConditionType;
  conditionChoiceId: string | null;
  consequence: ConsequenceType;
  /** Defaults to the next step when the condition is created. */
  consequenceStepId: string | null;
  consequenceChoiceIds: string[];
}

/** A question of a floow. */
export interface Step {
  id: string;
  floowId: string;
  type: StepType;
  /** HTML paragraph. */
  text: string;
  image: string | null;
  event: StepEvent;
  mobile: StepStyle;
  desktop: StepStyle;
  choices: Choice[];
  formInputs: FormInput[];
  conditions: Condition[];
}

export interface Floow {
  id: string;
  organizationId: string;
  domainId: string;
  feedId: string | null;
  userId: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
  type: FloowType;
  status: FloowStatus;
  language: Language;
  name: string;
  closeOnClickOutside: boolean;
  skipTrigger: boolean;
  showBackButton: boolean;
  showNextButton: boolean;
  showRestartButton: boolean;
  container: FloowContainer;
  progress: FloowProgress;
  buttons: FloowButtons;
  start: FloowStart;
  steps: Step[];
  finish: FloowFinish;
  filters: Filter[];
  filterGroups: FilterGroup[];
  triggers: Trigger[];
}

/**
 * A floow as the API returns it: with `version`, the number of saves so far, which
 * `floow.update` sends back to detect a save made elsewhere in between.
 */
export interface VersionedFloow extends Floow {
  version: number;
}

/** Per-device values, e.g. step styles and results layouts. */
export type PerDevice<T> = Record<Device, T>;

/** The Create Floow dialog's state. */
export interface NewFloowForm {
  domainId: string | null;
  type: FloowType;
  language: Language | null;
  name: string;
  feedId: string | null;
}
