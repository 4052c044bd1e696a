/**
 * A floow's walk, without any DOM: start page → steps (choices, forms, content) → finish,
 * with the next step picked by the floow's conditions and the results fetched for selling
 * floows. The rules themselves (conditions, visible choices, form validation, progress)
 * are `@floow/domain/logic`'s; this only keeps the visitor's place and answers, and says
 * which events happened. The renderer draws `state` and calls the actions.
 */
import {
  FINISH,
  INPUT_VALIDATION_DEBOUNCE_MS,
  eventProduct,
  formInputErrors,
  pathProgress,
  progressPercent,
  resolveNextStep,
  resultProduct,
  visibleChoices,
} from "@floow/domain/logic";
import type {
  FloowEventType,
  FormInputValue,
  Language,
  Product,
  PublicFloow,
  PublicResults,
  ResultCard,
  ResultProduct,
  Step,
} from "@floow/domain/logic";
import { eventChoices, eventFormInputs, eventStep } from "./events";
import { textsOf } from "./i18n";
import { part } from "./render/lazy";
import type { FloowEventPayload } from "./events";

/**
 * The walk's rules. The script tag's come with the pages after the start page (`pages.js`),
 * which a step's page waits for: the visitor acts on a step only once they are here.
 */
const rules = () =>
  __SCRIPT_TAG__
    ? part()!
    : { resolveNextStep, visibleChoices, eventStep, eventChoices, eventFormInputs };

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

/** Results of `status` with nothing in them yet. */
const emptyResults = (status: ResultsState["status"]): ResultsState => ({
  status,
  products: [],
  partial: false,
  more: 0,
});

export class Flow {
  state!: FlowState;
  private _listeners = new Set<() => void>();
  private _resultsToken = 0;
  private _timers: Record<string, ReturnType<typeof setTimeout>> = {};
  /**
   * Set by the instance while it renders: Chromium blurs the focused input that a render
   * removes (Back, a closing dialog), during that render, and that blur is not the shopper
   * leaving the field, so it touches nothing.
   */
  _rendering?: boolean;

  constructor(
    public floow: PublicFloow,
    private readonly _options: FlowOptions,
    view?: View,
  ) {
    this._reset();
    if (!__SCRIPT_TAG__ && view) this.goTo(view);
  }

  // --- reading ----------------------------------------------------------------------------

  get language(): Language {
    return this._options.language ?? this.floow.language ?? "en";
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

  visibleChoices(step: Step) {
    return rules().visibleChoices(this.floow, step.id, this.chosenIds());
  }

  /**
   * Errors of a step's form inputs, by input id (all of them; the UI shows touched ones), in
   * the floow's language: the script-tag renderer has only the messages its floow came with
   * (`floow.texts`, see i18n.ts), the npm build all four languages.
   */
  formErrors(step: Step): Record<string, string> {
    const { messages } = textsOf(this.floow, this.language);
    // The script tag's validation comes with the form inputs (`pages.js`): until it is here,
    // the form (not shown yet either) cannot be sent.
    const errorsOf = __SCRIPT_TAG__ ? part()?.formInputErrors : formInputErrors;
    if (!errorsOf) return { form: "…" };
    return Object.fromEntries(
      errorsOf(step.formInputs ?? [], this.state.values, messages).map((e) => [
        e.inputId,
        e.message,
      ]),
    );
  }

  /** Whether Next may be pressed on the current step. */
  canGoNext(): boolean {
    const step = this.step();
    return (
      !!step &&
      ((step.type !== "single" && step.type !== "multiple") ||
        !this.visibleChoices(step)[0] ||
        !!this.state.answers[step.id]?.[0])
    );
  }

  canGoBack(): boolean {
    const { view, history } = this.state;
    return (
      view.kind !== "start" &&
      (!!history[0] || (view.kind === "step" && this.floow.start.type !== "none"))
    );
  }

  // --- changing ---------------------------------------------------------------------------

  subscribe(listener: () => void): void {
    this._listeners.add(listener);
  }

  /** Changes the state and tells the listeners (the instance renders again). */
  private _set(patch: Partial<FlowState> = {}): void {
    Object.assign(this.state, patch);
    this._listeners.forEach((listener) => listener());
  }

  /** The state of a visitor who has not started: the first view, the inputs' own values. */
  private _reset(): void {
    const values: Record<string, FormInputValue> = {};
    for (const step of this.floow.steps)
      for (const input of step.formInputs ?? []) values[input.id] = input.value ?? null;
    this._resultsToken++;
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
    if (view.kind !== "step" || this.step(view.stepId)) this._enter(view, false);
  }

  /** Replaces the configuration (the editor changed it); keeps the place when it still exists. */
  setFloow(floow: PublicFloow): void {
    if (__SCRIPT_TAG__) return; // (`update` is the npm build's)
    this.floow = floow;
    const { view } = this.state;
    if (view.kind === "step" && !this.step(view.stepId)) this._reset();
    else if (view.kind === "start") this.state.view = this._firstView();
    this._set();
  }

  /** The start button (or the dialog's launcher) was pressed. */
  start(): void {
    this._options.emit("start");
    this._enter(this._firstView(true));
  }

  choose(choiceId: string): void {
    const step = this.step();
    if (!step) return;
    const current = this.state.answers[step.id] ?? [];
    const multiple = step.type === "multiple";
    const chosen = !multiple
      ? [choiceId]
      : current.includes(choiceId)
        ? current.filter((id) => id !== choiceId)
        : [...current, choiceId];
    this.state.answers[step.id] = chosen;
    this._set();
    this._options.emit("choice", {
      step: rules().eventStep(step),
      choices: rules().eventChoices(this.visibleChoices(step), chosen),
    });
    if (!multiple && !this.floow.showNextButton) this.next();
  }

  setValue(inputId: string, value: FormInputValue, touch?: boolean): void {
    this.state.values[inputId] = value;
    if (touch) this.state.touched[inputId] = true;
    this._set();
  }

  /**
   * Typing: the value changes at once, its error shows after a 300 ms pause (form validation
   * runs on blur, on input debounced, on change and on submit).
   */
  type(inputId: string, value: FormInputValue): void {
    this.setValue(inputId, value);
    clearTimeout(this._timers[inputId]);
    this._timers[inputId] = setTimeout(() => this.touch(inputId), INPUT_VALIDATION_DEBOUNCE_MS);
  }

  dispose(): void {
    Object.values(this._timers).forEach(clearTimeout);
    this._resultsToken++;
    this._listeners.clear();
  }

  touch(inputId: string): void {
    if (!this._rendering && !this.state.touched[inputId]) {
      this.state.touched[inputId] = true;
      this._set();
    }
  }

  /** Next: validates a form step (showing its errors), then follows the conditions. */
  next(): boolean {
    const step = this.step();
    if (!step || !this.canGoNext()) return false;
    const { history, touched, values } = this.state;
    if (step.type === "form") {
      const inputs = step.formInputs ?? [];
      if (Object.keys(this.formErrors(step))[0]) {
        for (const input of inputs) touched[input.id] = true;
        this._set();
        return false;
      }
      this._options.emit("form", {
        step: rules().eventStep(step),
        formInputs: rules().eventFormInputs(inputs, values),
      });
    }
    const target = rules().resolveNextStep(this.floow, step.id, this.chosenIds());
    this.state.history = [...history.filter((id) => id !== step.id), step.id];
    this._enter(target === FINISH ? { kind: "finish" } : { kind: "step", stepId: target });
    return true;
  }

  back(): void {
    const history = [...this.state.history];
    const previous = history.pop();
    if (previous || this.canGoBack())
      this._set({
        view: previous ? { kind: "step", stepId: previous } : { kind: "start" },
        history,
        touched: {},
      });
  }

  restart(): void {
    this._reset();
    this._set();
    this._options.emit("restart");
  }

  showMore(): void {
    this.state.results.more++;
    this._set();
  }

  /**
   * Result `i` as its card shows it. The script-tag renderer shows the results call's
   * cards, read and sanitized by the server (`readCard`: it bundles no feed reading or price
   * parsing); the npm build reads the record with the floow's results settings itself, so
   * the editor's preview follows settings not saved yet.
   */
  card(i: number): ResultProduct {
    const { products, cards } = this.state.results;
    return __SCRIPT_TAG__
      ? part()!.readCard(products[i]!, cards![i]!)
      : resultProduct(products[i]!, this.floow.finish.results);
  }

  /** Result `i`'s button or link was followed. */
  openProduct(i: number): void {
    this._options.emit(
      "product",
      { product: this.state.results.products[i] },
      { product: { ...eventProduct(this.card(i)) } },
    );
  }

  /** Shows a view; the finish page fetches the results (`emit`: the visitor finished, not a preview jump). */
  private _enter(view: View, emit = true): void {
    this._set({ view, touched: {} });
    if (view.kind !== "finish") return;
    const { floow, _options: options } = this;
    const token = ++this._resultsToken;
    const done = (
      answer?: PublicResults,
      status: ResultsState["status"] = answer ? "done" : "error",
    ) => {
      if (token !== this._resultsToken) return;
      this._set({ results: { ...emptyResults(status), ...answer } });
      if (emit)
        this._options.emit(
          "finish",
          this._finishPayload(answer),
          answer && {
            products: answer.products.map((_, i) => ({ ...eventProduct(this.card(i)) })),
          },
        );
    };
    if (floow.type === "selling" && floow.finish?.type === "results" && options.results) {
      this._set({ results: emptyResults("loading") });
      // Spec: a failed results call only clears the loading flag.
      options.results(this.chosenIds()).then(done, () => done());
    } else done(undefined, "done");
  }

  private _finishPayload(answer?: PublicResults): FloowEventPayload {
    const chosen = this.chosenIds();
    const { steps } = this.floow;
    const inputs = steps
      .filter((s) => s.type === "form" && this.state.history.includes(s.id))
      .flatMap((s) => s.formInputs ?? []);
    return {
      // None chosen: no need of the rules (a floow without questions may finish before
      // `pages.js` is here).
      choices: chosen[0]
        ? rules().eventChoices(
            steps.flatMap((s) => s.choices.filter((c) => chosen.includes(c.id))),
            chosen,
          )
        : [],
      ...(inputs[0] && { formInputs: rules().eventFormInputs(inputs, this.state.values) }),
      ...(answer && { products: answer.products }),
      ...(answer?.partial !== undefined && { partial: answer.partial }),
    };
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
