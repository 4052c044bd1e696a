/**
 * The onboarding guide's state machine (spec section 2), without React or the DOM: which
 * stage's popup shows for the onboarding record and where the user is (route, tab, the
 * editor's phase, state, step count and finish page, and whether domains, floows and feeds
 * exist), and what completing a stage does. `onboarding-guide.tsx` draws it with driver.js.
 *
 * Rules:
 * - Stages go in the spec's order; completing one sets its flag and moves on.
 * - A stage shows only where it belongs (its route, tab or editor condition); until the
 *   user gets there nothing shows. Each popup's button takes them on (`to`).
 * - A stage whose goal is already met is passed over (a domain exists: no domainCreate).
 * - On /floows with no domain the guide prompts domain creation; with a domain but no
 *   floows, floow creation, whatever stage is next.
 * - Completing the introduction goes to / (then the home popup); completing the editor
 *   stage sets the editor's phase to build.
 * - A disabled record shows nothing.
 */
import { ONBOARDING_STAGES, completeOnboardingStage } from "./onboarding-stages";
import type { EditorPhase, EditorState } from "../editor/state";
import type { OnboardingRecord, OnboardingStage } from "./onboarding-stages";

export interface EditorContext {
  phase: EditorPhase;
  state: EditorState;
  stepCount: number;
  /** The finish page is selected. */
  finish: boolean;
}

export interface GuideContext {
  pathname: string;
  /** The location's hash without `#` (the domain page's and settings' tabs). */
  hash: string;
  domainCount: number;
  floowCount: number;
  feedCount: number;
  /** Set while the editor is open. */
  editor: EditorContext | null;
}

/** How the popup finds the element it points at (none: centred on the screen). */
export type GuideTarget =
  { selector: string } | { role: "button" | "tab" | "link"; name: string; within?: string };

/** What completing a stage changes in the editor. */
export type EditorEffect = { phase: EditorPhase } | { state: EditorState } | { finish: true };

export interface GuideStage {
  stage: OnboardingStage;
  title: string;
  text: string;
  target: GuideTarget | null;
  /** The popup's main button. */
  next: string;
  /** Where completing the stage takes the user. */
  to?: string;
  editor?: EditorEffect;
}

interface StageRule extends Omit<GuideStage, "stage"> {
  /** Where the stage shows. */
  where(ctx: GuideContext): boolean;
  /** Its goal is met already: passed over. */
  met?(ctx: GuideContext): boolean;
}

const on = (path: string) => (ctx: GuideContext) => ctx.pathname === path;
const onDomainTab = (tab: string) => (ctx: GuideContext) =>
  ctx.pathname === "/domains/domain" && (ctx.hash || "general") === tab;
const inEditor = (check: (editor: EditorContext) => boolean) => (ctx: GuideContext) =>
  ctx.pathname === "/editor" && ctx.editor !== null && check(ctx.editor);

export const STAGE_RULES: Readonly<Record<OnboardingStage, StageRule>> = {
  introduction: {
    where: () => true,
    title: "Welcome to Floow",
    text: "Floow guides the visitors of your website to the right product, one question at a time. This short tour shows you around: it follows you through the screens, and you can turn it off at any time (and on again in Settings).",
    target: null,
    next: "Start the tour",
    to: "/",
  },
  home: {
    where: on("/"),
    title: "Your home",
    text: "Three steps to your first floow, and quick links to every part of Floow. Let's start with the website where your floows will show.",
    target: { selector: "#getting-started" },
    next: "Go to Domains",
    to: "/domains",
  },
  domains: {
    where: on("/domains"),
    title: "Domains",
    text: "A domain is a website of yours: its floows, its colours and fonts, and the one-line snippet that shows the floows there.",
    target: { selector: "main h1" },
    next: "Next",
  },
  domainCreate: {
    where: (ctx) => ctx.pathname === "/domains" || ctx.pathname === "/floows",
    met: (ctx) => ctx.domainCount > 0,
    title: "Create a domain",
    text: "Give it a name and the address of your website. Floow opens it for you right after.",
    target: { role: "button", name: "Create Domain", within: "main" },
    next: "Next",
  },
  domainGeneral: {
    where: onDomainTab("general"),
    title: "Colours and fonts",
    text: "Your brand: the first favourite colour becomes the accent of your floows (buttons, chosen answers, progress) and the first font their typeface.",
    target: { role: "tab", name: "General" },
    next: "Next",
    to: "#floows",
  },
  domainFloows: {
    where: onDomainTab("floows"),
    title: "The domain's floows",
    text: "Every floow of this website, with its status. Only live floows show on your site.",
    target: { role: "tab", name: "Floows" },
    next: "Next",
    to: "#implementation",
  },
  domainImplementation: {
    where: onDomainTab("implementation"),
    title: "Put Floow on your website",
    text: "Paste this one line before </body>: it shows your live floows where their triggers say. Their events go to your data layer; the Events explanation tells you what they look like.",
    target: { role: "tab", name: "Implementation" },
    next: "Go to Floows",
    to: "/floows",
  },
  floows: {
    where: on("/floows"),
    title: "Floows",
    text: "Guided Selling floows lead a shopper to products from your feed; Guided Data floows collect first-party data. Build, publish, duplicate and archive them here.",
    target: { selector: "main h1" },
    next: "Next",
  },
  floowCreate: {
    where: on("/floows"),
    met: (ctx) => ctx.floowCount > 0,
    title: "Create a floow",
    text: "Pick its type, a name and, for Guided Selling, a product feed. It opens in the editor.",
    target: { role: "button", name: "Create Floow", within: "main" },
    next: "Next",
  },
  editor: {
    where: on("/editor"),
    title: "The editor",
    text: "Three phases: Floow (settings and look), Build (the questions) and Launch (triggers and publishing). We start with Build.",
    target: { selector: 'nav[aria-label="Editor phases"]' },
    next: "Go to Build",
    editor: { phase: "build" },
  },
  editorBuild: {
    where: inEditor((e) => e.phase === "build"),
    title: "Your questions",
    text: "The outline lists the floow's steps: add a question, drag to reorder, open one to edit its text, choices and conditions.",
    target: { selector: 'nav[aria-label="Steps"]' },
    next: "Next",
  },
  editorWorkspace: {
    where: inEditor((e) => e.phase === "build"),
    title: "The workspace",
    text: "The canvas shows the selected step as your visitors will see it, on mobile or desktop, at a zoom you choose. Add your first question to go on.",
    target: { selector: 'section[aria-label="Canvas"] > div:first-child' },
    next: "Next",
  },
  editorToolbar: {
    // Style and Preview need a step: the guide waits for the first question.
    where: inEditor((e) => e.phase === "build" && e.stepCount > 0),
    title: "Flow, Style and Preview",
    text: "Flow connects the steps (filters and conditions), Style sets their look, Preview lets you click through the floow. Let's look at Style.",
    target: { selector: '[aria-label="Editor state"]' },
    next: "Show Style",
    editor: { state: "style" },
  },
  editorCopyStyle: {
    where: inEditor((e) => e.phase === "build" && e.state === "style" && e.stepCount > 0),
    title: "Style one step, or all",
    text: "Set columns, width, colours and shapes for the current step, then apply them to it or copy them to all steps at once.",
    target: { selector: 'aside[aria-label="Inspector"]' },
    next: "Next",
    editor: { state: "flow" },
  },
  editorFiltersAndConditions: {
    where: inEditor((e) => e.phase === "build" && e.state === "flow" && e.stepCount > 0),
    title: "Filters and conditions",
    text: "Filters tie each answer to the products it stands for; conditions pick the next question or show and hide choices by what was chosen.",
    target: { selector: '[aria-label="Flow view"]' },
    next: "Show the finish page",
    editor: { finish: true },
  },
  editorResults: {
    where: inEditor((e) => e.phase === "build" && e.finish),
    title: "The finish page",
    text: "Where the shopper lands: the products that match their answers, laid out as cards or a list, with the attributes you choose.",
    target: { selector: 'aside[aria-label="Inspector"]' },
    next: "Next",
    editor: { phase: "launch" },
  },
  editorLaunch: {
    where: inEditor((e) => e.phase === "launch"),
    title: "Launch",
    text: "Say where the floow shows (a page and an element of it), then publish: it is live on your website at once.",
    target: { selector: 'nav[aria-label="Editor phases"]' },
    next: "Go to Products",
    to: "/products",
  },
  products: {
    where: on("/products"),
    title: "Products",
    text: "Your product feeds, fetched again every day: the products your Guided Selling floows recommend.",
    target: { selector: "main h1" },
    next: "Next",
  },
  feedCreate: {
    where: on("/products"),
    met: (ctx) => ctx.feedCount > 0,
    title: "Add a feed",
    text: "A Channable or Shopify feed address is all it takes; you map its fields once.",
    target: { role: "button", name: "Add Feed", within: "main" },
    next: "Next",
    to: "/analytics",
  },
  analytics: {
    where: on("/analytics"),
    title: "Analytics",
    text: "How visitors move through your floows, where they stop and what they choose.",
    target: { selector: "main h1" },
    next: "Go to Documentation",
    to: "/documentation",
  },
  documentation: {
    where: on("/documentation"),
    title: "Documentation",
    text: "How to embed floows and use their events, with the Events explanation.",
    target: { selector: "main h1" },
    next: "Go to Settings",
    to: "/settings",
  },
  settings: {
    where: on("/settings"),
    title: "Settings",
    text: "Your name, picture and password, your cookie preferences, and this guide: turn it off or on again here.",
    target: { selector: "main h1" },
    next: "Next",
    to: "/settings#organization",
  },
  settingsOrganization: {
    where: (ctx) => ctx.pathname === "/settings" && ctx.hash === "organization",
    title: "Your organization",
    text: "Its name, logo and sector, and your teammates. That's the tour: enjoy building floows!",
    target: { role: "tab", name: "Organization" },
    next: "Finish",
  },
};

/** The stage to do next: the first not completed whose goal is not met yet. */
export function currentStage(record: OnboardingRecord, ctx: GuideContext): OnboardingStage | null {
  if (record.disabled) return null;
  return (
    ONBOARDING_STAGES.find((stage) => !record[stage] && !STAGE_RULES[stage].met?.(ctx)) ?? null
  );
}

/** The popup to show now, or null. */
export function guideStage(record: OnboardingRecord, ctx: GuideContext): GuideStage | null {
  if (record.disabled) return null;
  // The /floows prompts (spec): first a domain, then a floow, once the introduction is done.
  if (record.introduction && ctx.pathname === "/floows") {
    if (ctx.domainCount === 0) return view("domainCreate");
    if (ctx.floowCount === 0 && !record.floowCreate)
      return view(record.floows ? "floowCreate" : "floows");
  }
  const stage = currentStage(record, ctx);
  if (!stage || !STAGE_RULES[stage].where(ctx)) return null;
  return view(stage);
}

function view(stage: OnboardingStage): GuideStage {
  const { where: _where, met: _met, ...rest } = STAGE_RULES[stage];
  return { stage, ...rest };
}

/** Completing a stage: its flag set; the user is no longer new once the tour has begun. */
export function completeStage(record: OnboardingRecord, stage: OnboardingStage): OnboardingRecord {
  return completeOnboardingStage(record, stage);
}

/** How many stages are done (for the popup's "n of 23"). */
export function stagesDone(record: OnboardingRecord): number {
  return ONBOARDING_STAGES.filter((stage) => record[stage]).length;
}
