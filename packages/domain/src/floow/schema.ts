import { z } from "zod";
import { filterGroupSchema, filterSchema } from "../filter/schema";
import { formInputSchema } from "../form-input/schema";
import {
  BUTTON_SIZES,
  GAP_SIZE_KEYS,
  LANGUAGES,
  PADDING_SIZE_KEYS,
  RADIUS_SIZE_KEYS,
} from "../shared/constants";
import { TEXT_LIMITS } from "../shared/limits";
import { boundedString, idSchema, imageSchema, requiredString } from "../shared/schema";
import { triggerSchema } from "../trigger/schema";
import { VALIDATION_MESSAGES } from "../validation/messages";
import {
  ALIGNMENTS,
  BUTTON_ANIMATIONS,
  BUTTON_ICONS,
  BUTTON_VARIANTS,
  CONDITION_TYPES,
  CONSEQUENCE_TYPES,
  CONTAINER_TYPES,
  DEFAULT_STEP_TEXT,
  DIRECTIONS,
  EVENT_VALUE_TYPES,
  FINISH_TYPES,
  FLOOW_STATUSES,
  FLOOW_TYPES,
  ICON_POSITIONS,
  IMAGE_POSITIONS,
  PARTIAL_RESULT_MODES,
  PRODUCT_LINK_TARGETS,
  PLACEHOLDER_TYPES,
  PROGRESS_DIRECTIONS,
  PROGRESS_TYPES,
  RESULT_LAYOUT_TYPES,
  START_TYPES,
  STEP_TYPES,
  STYLE_TYPES,
  STYLE_VARIANTS,
} from "./constants";
import type { FloowButtonKey } from "./constants";
import {
  DEFAULT_FLOOW_FLAGS,
  defaultButton,
  defaultButtons,
  defaultChoiceEvent,
  defaultContainer,
  defaultFinish,
  defaultProgress,
  defaultResults,
  defaultResultsLayout,
  defaultStart,
  defaultStartLayout,
  defaultStepStyle,
} from "./defaults";

const radius = z.enum(RADIUS_SIZE_KEYS);
const padding = z.enum(PADDING_SIZE_KEYS);
const gap = z.enum(GAP_SIZE_KEYS);
const percent = z.number().min(0).max(100);
const colorId = z.string().max(TEXT_LIMITS.id).nullable().default(null);
/** A reference to a step or choice of the floow (empty or null when none is set yet). */
const ref = z.string().max(TEXT_LIMITS.id);
/** A label shown in the floow: a button, a choice, a placeholder. */
const label = boundedString("label", "A label");
/** A page's text (start, step, finish). */
const pageText = boundedString("pageText", "A text");
/** A feed attribute, a data-layer or activation key. */
const key = boundedString("key", "A key");

const container = defaultContainer();
export const floowContainerSchema = z.object({
  type: z.enum(CONTAINER_TYPES).default(container.type),
  radius: radius.default(container.radius),
  padding: padding.default(container.padding),
});

const progress = defaultProgress();
export const floowProgressSchema = z.object({
  type: z.enum(PROGRESS_TYPES).default(progress.type),
  direction: z.enum(PROGRESS_DIRECTIONS).default(progress.direction),
  colorId,
});

const buttonSchema = (key: FloowButtonKey) => {
  const d = defaultButton(key);
  return z
    .object({
      text: label.default(d.text),
      variant: z.enum(BUTTON_VARIANTS).default(d.variant),
      colorId,
      icon: z.enum(BUTTON_ICONS).default(d.icon),
      iconPosition: z.enum(ICON_POSITIONS).default(d.iconPosition),
    })
    .prefault({});
};

const buttons = defaultButtons();
export const floowButtonsSchema = z.object({
  size: z.enum(BUTTON_SIZES).default(buttons.size),
  radius: radius.default(buttons.radius),
  animation: z.enum(BUTTON_ANIMATIONS).default(buttons.animation),
  back: buttonSchema("back"),
  next: buttonSchema("next"),
  restart: buttonSchema("restart"),
});

const startLayoutSchema = (device: "mobile" | "desktop") => {
  const d = defaultStartLayout(device);
  return z
    .object({ width: percent.default(d.width), align: z.enum(ALIGNMENTS).default(d.align) })
    .prefault({});
};

const start = defaultStart();
export const floowStartSchema = z.object({
  type: z.enum(START_TYPES).default(start.type),
  text: pageText.default(start.text),
  image: imageSchema,
  button: z.object({ text: label.default(start.button.text) }).prefault({}),
  mobile: startLayoutSchema("mobile"),
  desktop: startLayoutSchema("desktop"),
});

const resultsLayoutFor = (device: "mobile" | "desktop") => {
  const d = defaultResultsLayout(device);
  return z
    .object({
      width: percent.default(d.width),
      columns: z.number().int().min(1).default(d.columns),
      gap: gap.default(d.gap),
      inView: z.number().int().min(1).default(d.inView),
      type: z.enum(RESULT_LAYOUT_TYPES).default(d.type),
      imagePosition: z.enum(IMAGE_POSITIONS).default(d.imagePosition),
      radius: radius.default(d.radius),
      padding: padding.default(d.padding),
      shadow: z.boolean().default(d.shadow),
    })
    .prefault({});
};

const results = defaultResults();
export const floowResultsSchema = z.object({
  imageAttribute: key.default(results.imageAttribute),
  labelAttribute: key.default(results.labelAttribute),
  attributes: z.array(key).default(() => []),
  button: z.object({ text: label.default(results.button.text) }).prefault({}),
  mobile: resultsLayoutFor("mobile"),
  desktop: resultsLayoutFor("desktop"),
  showMore: z.object({ text: label.default(results.showMore.text) }).prefault({}),
  placeholder: z
    .object({
      type: z.enum(PLACEHOLDER_TYPES).default(results.placeholder.type),
      text: label.default(results.placeholder.text),
    })
    .prefault({}),
  partial: z.enum(PARTIAL_RESULT_MODES).default(results.partial),
  link: z
    .object({
      target: z.enum(PRODUCT_LINK_TARGETS).default(results.link.target),
      utm: z.boolean().default(results.link.utm),
    })
    .prefault({}),
});

const finish = defaultFinish();
export const floowFinishSchema = z.object({
  type: z.enum(FINISH_TYPES).default(finish.type),
  text: pageText.default(finish.text),
  image: imageSchema,
  results: floowResultsSchema.prefault({}),
});

const style = defaultStepStyle();
export const stepStyleSchema = z.object({
  colorId,
  type: z.enum(STYLE_TYPES).default(style.type),
  width: percent.default(style.width),
  columns: z.number().int().min(1).default(style.columns),
  gap: gap.default(style.gap),
  variant: z.enum(STYLE_VARIANTS).default(style.variant),
  direction: z.enum(DIRECTIONS).default(style.direction),
  imagePosition: z.enum(IMAGE_POSITIONS).default(style.imagePosition),
  radius: radius.default(style.radius),
  padding: padding.default(style.padding),
  shadow: z.boolean().default(style.shadow),
});

const eventEntrySchema = z
  .object({ key: key.default(""), type: z.enum(EVENT_VALUE_TYPES).default("single") })
  .prefault({});

export const stepEventSchema = z.object({
  dataLayer: eventEntrySchema,
  activation: eventEntrySchema,
});

const choiceEvent = defaultChoiceEvent();
export const choiceEventSchema = z.object({
  dataLayer: z
    .object({
      key: key.default(choiceEvent.dataLayer.key),
      customEvent: key.default(choiceEvent.dataLayer.customEvent),
    })
    .prefault({}),
  activation: z
    .object({
      key: key.toLowerCase().default(choiceEvent.activation.key),
      type: z.enum(EVENT_VALUE_TYPES).default(choiceEvent.activation.type),
    })
    .prefault({}),
});

export const choiceSchema = z.object({
  id: idSchema,
  stepId: ref.default(""),
  text: label.default(""),
  image: imageSchema,
  event: choiceEventSchema.prefault({}),
});

export const conditionSchema = z.object({
  id: idSchema,
  stepId: ref.default(""),
  condition: z.enum(CONDITION_TYPES).default("selected"),
  conditionChoiceId: ref.nullable().default(null),
  consequence: z.enum(CONSEQUENCE_TYPES).default("goToStep"),
  consequenceStepId: ref.nullable().default(null),
  consequenceChoiceIds: z.array(ref).default(() => []),
});

export const stepSchema = z.object({
  id: idSchema,
  floowId: ref.default(""),
  type: z.enum(STEP_TYPES).default("single"),
  text: pageText.default(DEFAULT_STEP_TEXT),
  image: imageSchema,
  event: stepEventSchema.prefault({}),
  mobile: stepStyleSchema.prefault({}),
  desktop: stepStyleSchema.prefault({}),
  choices: z.array(choiceSchema).default(() => []),
  formInputs: z.array(formInputSchema).default(() => []),
  conditions: z.array(conditionSchema).default(() => []),
});

/** A floow as stored; configuration missing from older documents is filled with defaults. */
export const floowSchema = z.object({
  id: idSchema,
  organizationId: z.string().default(""),
  domainId: idSchema,
  feedId: ref.nullable().default(null),
  userId: z.string().nullable().default(null),
  createdAt: z.string().default(() => new Date().toISOString()),
  updatedAt: z.string().default(() => new Date().toISOString()),
  type: z.enum(FLOOW_TYPES),
  status: z.enum(FLOOW_STATUSES).default("development"),
  language: z.enum(LANGUAGES).default("en"),
  name: boundedString("name", "Name").default(""),
  closeOnClickOutside: z.boolean().default(DEFAULT_FLOOW_FLAGS.closeOnClickOutside),
  skipTrigger: z.boolean().default(DEFAULT_FLOOW_FLAGS.skipTrigger),
  showBackButton: z.boolean().default(DEFAULT_FLOOW_FLAGS.showBackButton),
  showNextButton: z.boolean().default(DEFAULT_FLOOW_FLAGS.showNextButton),
  showRestartButton: z.boolean().default(DEFAULT_FLOOW_FLAGS.showRestartButton),
  container: floowContainerSchema.prefault({}),
  progress: floowProgressSchema.prefault({}),
  buttons: floowButtonsSchema.prefault({}),
  start: floowStartSchema.prefault({}),
  steps: z.array(stepSchema).default(() => []),
  finish: floowFinishSchema.prefault({}),
  filters: z.array(filterSchema).default(() => []),
  filterGroups: z.array(filterGroupSchema).default(() => []),
  triggers: z.array(triggerSchema).default(() => []),
});

/**
 * What the dashboard sends to save a floow (`floow.update`): the floow without the fields
 * the server owns (organization, author, timestamps).
 */
export const floowInputSchema = floowSchema.omit({
  organizationId: true,
  userId: true,
  createdAt: true,
  updatedAt: true,
});

const m = VALIDATION_MESSAGES.floow;

/** Create Floow dialog, step 1. `domainId` is the selected domain when one is selected. */
export const createFloowSchema = z.object({
  domainId: requiredString(m.domainRequired, "id"),
  type: z.enum(FLOOW_TYPES, { error: m.typeRequired }),
  name: requiredString(m.nameRequired, "name", "Name"),
  language: z.enum(LANGUAGES).optional(),
  feedId: idSchema.nullable().optional(),
});

/**
 * `floow.create`: the dialog's fields, with the server's leniency on the name (an empty
 * name becomes `New Floow`, spec section 4); the dialog itself requires one.
 */
export const floowCreateSchema = createFloowSchema.extend({
  name: boundedString("name", "Name", { trim: true }).default(""),
});

/**
 * `floow.update`: the floow as edited, with the `version` it was based on; a stale version
 * is refused with FLOOW_CONFLICT_MESSAGE. `status` changes only through publish, archive
 * and restore.
 */
export const floowUpdateSchema = floowInputSchema.extend({
  version: z.number().int().min(1),
});

/** `floow.list`: optionally one domain's floows or one status. */
export const floowListSchema = z
  .object({ domainId: idSchema.optional(), status: z.enum(FLOOW_STATUSES).optional() })
  .default({});

/** Create Floow dialog, step 2 (Guided Selling): an existing feed. */
export const createFloowFeedStepSchema = z.object({
  feedId: requiredString(m.feedRequired, "id"),
});

/** Duplicate: the floow's id, optionally another domain. */
export const duplicateFloowSchema = z.object({ id: idSchema, domainId: idSchema.optional() });

/** The public results call: the floow and the chosen choices. */
export const resultsRequestSchema = z.object({
  floowId: idSchema,
  choiceIds: z
    .array(ref)
    .max(500)
    .default(() => []),
  /** An experiment's variant: the results of this published version, not the live one's. */
  floowVersion: z.number().int().min(1).max(1_000_000).optional(),
});

/** A question of the AI suggestion answer (`analysis.questions`). */
export const aiQuestionSchema = z.object({
  title: z.string(),
  key: z.string().default(""),
  choices: z.array(z.object({ title: z.string(), key: z.string().default("") })).default(() => []),
});

/** The AI suggestion answer. */
export const aiResponseSchema = z.object({
  analysis: z.object({ questions: z.array(aiQuestionSchema).default(() => []) }),
});

export type CreateFloowInput = z.input<typeof createFloowSchema>;
export type CreateFloow = z.output<typeof createFloowSchema>;
export type CreateFloowFeedStep = z.output<typeof createFloowFeedStepSchema>;
export type FloowInput = z.output<typeof floowInputSchema>;
export type FloowCreate = z.output<typeof floowCreateSchema>;
export type FloowUpdate = z.output<typeof floowUpdateSchema>;
export type FloowListFilter = z.output<typeof floowListSchema>;
export type DuplicateFloow = z.output<typeof duplicateFloowSchema>;
export type ResultsRequest = z.output<typeof resultsRequestSchema>;
export type AiResponse = z.output<typeof aiResponseSchema>;
