/**
 * A floow's walk, without any DOM: start page → steps (choices, forms, content) → finish,
 * with the next step picked by the floow's conditions and the results fetched for selling
 * floows. The rules themselves (conditions, visible choices, form validation, progress)
 * are `@floow/domain/logic`'s; this only keeps the visitor's place and answers, and says
 * which events happened. The renderer draws `state` and calls the actions.
 */
import { pathProgress, progressPercent } from "@floow/domain/logic";
import type {
  FloowEventType,
  FormInputValue,
  Language,
  Product,
  PublicFloow,
  PublicResults,
  ResultCard,
  Step,
} from "@floow/domain/logic";
import type { FloowEventPayload } from "./events";
import { when } from "./render/lazy";
import { emptyResults, walk } from "./walk";
import type { Walk } from "./walk";

/** What a floow shows: its start page, one of its steps, or its finish page. */
export type View = { kind: "start" } | { kind: "step"; stepId: string } | { kind: "finish" };

export interface ResultsState {
  status: "idle" | "loading" | "done" | "error";
  products: Product[];
  /** The results call's cards of the products (see `card`). */
  cards?: ResultCard[];
  partial: boolean;
  /** With partial results: the labels of the answers each product meets. */
  matches?: string[][];
  /** "Show more" pressed this many times. */
  more: number;
}

export interface FlowState {
  view: View;
  /** The steps answered on the way to the current view (for Back, and for the choices made). */
  history: string[];
  /** Chosen choice ids per step id. */
  answers: Record<string, string[]>;
  /** Form values per input id. */
  values: Record<string, FormInputValue>;
  /**
   * Inputs whose errors show: blurred or typed in by the shopper, or their step submitted, on
   * this visit of the step (a new view starts untouched: coming back to a form with Back
   * shows no error under a field the shopper has not touched since).
   */
  touched: Record<string, boolean>;
  results: ResultsState;
}

export interface FlowOptions {
  /**
   * An event happened. `server`: what the server's copy carries instead of the payload's
   * `product` or `products` (trimmed to id, name, price, url and image, docs/events.md): the
   * page gets whole records, but a `finish` event with a hundred of them could exceed the
   * 64 KiB a beacon or keepalive request may carry.
   */
  emit(type: FloowEventType, payload?: FloowEventPayload, server?: FloowEventPayload): void;
  /** The results call; without it a selling floow shows its placeholder. */
  results?: (choiceIds: string[]) => Promise<PublicResults>;
  language?: Language;
}

/**
 * The shopper's actions after the start page (walk.ts), added to the class below: typed by
 * merging (the methods are assigned to the prototype, which TypeScript cannot see).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Flow extends Walk {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Flow {
  state!: FlowState;
  private _listeners = new Set<() => void>();
  /** Counts finish pages entered and resets: a results answer for an older one is dropped. */
  resultsToken = 0;
  /** Form inputs' validation timers (walk.ts `type`). */
  timers: Record<string, ReturnType<typeof setTimeout>> = {};
  /**
   * Set by the instance while it renders: Chromium blurs the focused input that a render
   * removes (Back, a closing dialog), during that render, and that blur is not the shopper
   * leaving the field, so it touches nothing.
   */
  rendering?: boolean;

  constructor(
    public floow: PublicFloow,
    readonly options: FlowOptions,
    view?: View,
  ) {
    this.reset();
    if (!__SCRIPT_TAG__ && view) this.goTo(view);
  }

  // --- reading ----------------------------------------------------------------------------

  get language(): Language {
    return this.options.language ?? this.floow.language ?? "en";
  }

  step(id = this.currentStepId()): Step | undefined {
    return this.floow.steps.find((s) => s.id === id);
  }

  currentStepId(): string | undefined {
    const { view } = this.state;
    return view.kind === "step" ? view.stepId : undefined;
  }

  /** The choice ids chosen on the path taken (steps left with Back do not count). */
  chosenIds(): string[] {
    const { history, answers } = this.state;
    const current = this.currentStepId();
    return (current && !history.includes(current) ? [...history, current] : history).flatMap(
      (id) => answers[id] ?? [],
    );
  }

  // --- changing ---------------------------------------------------------------------------

  subscribe(listener: () => void): void {
    this._listeners.add(listener);
  }

  /** Changes the state and tells the listeners (the instance renders again). */
  update(patch: Partial<FlowState> = {}): void {
    Object.assign(this.state, patch);
    this._listeners.forEach((listener) => listener());
  }

  /** The state of a visitor who has not started: the first view, the inputs' own values. */
  reset(): void {
    const values: Record<string, FormInputValue> = {};
    for (const step of this.floow.steps)
      for (const input of step.formInputs ?? []) values[input.id] = input.value ?? null;
    this.resultsToken++;
    this.state = {
      view: this._firstView(),
      history: [],
      answers: {},
      values,
      touched: {},
      results: emptyResults("idle"),
    };
  }

  /** The start page, unless the floow has none (or `skipStart`): then its first step. */
  private _firstView(skipStart?: boolean): View {
    const first = this.floow.steps[0];
    return !skipStart && this.floow.start.type !== "none"
      ? { kind: "start" }
      : first
        ? { kind: "step", stepId: first.id }
        : { kind: "finish" };
  }

  /** Jumps to a view (the editor's preview selects a step or the finish page). */
  goTo(view: View): void {
    if (__SCRIPT_TAG__) return; // the script tag shows no chosen view (`mount`'s `view` is npm's)
    if (view.kind !== "step" || this.step(view.stepId)) this.enter(view, false);
  }

  /** Replaces the configuration (the editor changed it); keeps the place when it still exists. */
  setFloow(floow: PublicFloow): void {
    if (__SCRIPT_TAG__) return; // (`update` is the npm build's)
    this.floow = floow;
    const { view } = this.state;
    if (view.kind === "step" && !this.step(view.stepId)) this.reset();
    else if (view.kind === "start") this.state.view = this._firstView();
    this.update();
  }

  /** The start button (or the dialog's launcher) was pressed. */
  start(): void {
    this.options.emit("start");
    this.enter(this._firstView(true));
  }

  dispose(): void {
    Object.values(this.timers).forEach(clearTimeout);
    this.resultsToken++;
    this._listeners.clear();
  }

  /**
   * Shows a view; the finish page fetches the results and emits `finish` (walk.ts `finish`;
   * `emit`: the visitor finished, not a preview jump). The script tag's finish page waits
   * for `pages.js`, which brings it (a floow without questions may finish before it is here).
   */
  enter(view: View, emit = true): void {
    this.update({ view, touched: {} });
    if (view.kind !== "finish") return;
    const token = ++this.resultsToken;
    if (__SCRIPT_TAG__) void when().then(() => this.finish(token, emit));
    else this.finish(token, emit);
  }
}

/**
 * Progress on the visitor's own path in percent (`index` of `total` steps): the steps
 * answered and the current one, out of those plus the steps still ahead by the conditions
 * (domain's `pathProgress`). The start page is 0 %, the finish page 100 %. A function, not a
 * method of `Flow`: only the progress bar reads it, so the script tag's `pages.js` brings it.
 */
export function flowProgress(flow: Flow): { percent: number; index: number; total: number } {
  const { view, history } = flow.state;
  if (view.kind === "step") {
    const { done, total } = pathProgress(flow.floow, view.stepId, history, flow.chosenIds());
    return { percent: progressPercent(done, total), index: done, total };
  }
  const total = history.length;
  const finish = view.kind === "finish";
  return { percent: finish ? 100 : 0, index: finish ? total : 0, total };
}

// The npm build has them at once; the script tag's come with `pages.js` (render/lazy.ts).
if (!__SCRIPT_TAG__) Object.assign(Flow.prototype, walk);
