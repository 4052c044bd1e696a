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
  pathProgress,
  progressPercent,
  resolveNextStep,
  validateFormInputs,
  visibleChoices,
} from "@floow/domain/logic";
import type {
  FloowEventType,
  FormInputValue,
  Language,
  Product,
  PublicFloow,
  PublicResults,
  Step,
} from "@floow/domain/logic";
import { eventChoices, eventFormInputs, eventStep } from "./events";
import type { FloowEventPayload } from "./events";

/** What a floow shows: its start page, one of its steps, or its finish page. */
export type View = { kind: "start" } | { kind: "step"; stepId: string } | { kind: "finish" };

export interface ResultsState {
  status: "idle" | "loading" | "done" | "error";
  products: Product[];
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
  /** Inputs whose errors show (blurred, typed in, or their step submitted). */
  touched: Record<string, boolean>;
  results: ResultsState;
}

export interface FlowOptions {
  emit(type: FloowEventType, payload?: FloowEventPayload): void;
  /** The results call; without it a selling floow shows its placeholder. */
  results?: (choiceIds: string[]) => Promise<PublicResults>;
  language?: Language;
}

const idleResults = (): ResultsState => ({
  status: "idle",
  products: [],
  partial: false,
  more: 0,
});

export class Flow {
  state: FlowState;
  private _listeners = new Set<() => void>();
  private _resultsToken = 0;
  private _timers: Record<string, ReturnType<typeof setTimeout>> = {};

  constructor(
    public floow: PublicFloow,
    private readonly _options: FlowOptions,
    view?: View,
  ) {
    this.state = this._initial();
    if (view) this.goTo(view);
  }

  // --- reading ----------------------------------------------------------------------------

  get language(): Language {
    return this._options.language ?? this.floow.language ?? "en";
  }

  step(id = this.currentStepId()): Step | undefined {
    return id ? this.floow.steps.find((s) => s.id === id) : undefined;
  }

  currentStepId(): string | undefined {
    return this.state.view.kind === "step" ? this.state.view.stepId : undefined;
  }

  /** The choice ids chosen on the path taken (steps left with Back do not count). */
  chosenIds(): string[] {
    const path = [...this.state.history];
    const current = this.currentStepId();
    if (current && !path.includes(current)) path.push(current);
    return path.flatMap((id) => this.state.answers[id] ?? []);
  }

  visibleChoices(step: Step) {
    return visibleChoices(this.floow, step.id, this.chosenIds());
  }

  /** Errors of a step's form inputs, by input id (all of them; the UI shows touched ones). */
  formErrors(step: Step): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const e of validateFormInputs(step.formInputs ?? [], this.state.values, this.language))
      errors[e.inputId] = e.message;
    return errors;
  }

  /** Whether Next may be pressed on the current step. */
  canGoNext(): boolean {
    const step = this.step();
    if (!step) return false;
    if (step.type === "single" || step.type === "multiple") {
      return this.visibleChoices(step).length === 0 || (this.state.answers[step.id] ?? []).length > 0;
    }
    return true;
  }

  canGoBack(): boolean {
    const { view, history } = this.state;
    if (view.kind === "start") return false;
    if (history.length > 0) return true;
    return view.kind === "step" && this.floow.start.type !== "none";
  }

  /**
   * Progress on the visitor's own path in percent (`index` of `total` steps): the steps
   * answered and the current one, out of those plus the steps still ahead by the conditions
   * (domain's `pathProgress`). The start page is 0 %, the finish page 100 %.
   */
  progress(): { percent: number; index: number; total: number } {
    const { view, history } = this.state;
    if (view.kind === "step") {
      const { done, total } = pathProgress(this.floow, view.stepId, history, this.chosenIds());
      return { percent: progressPercent(done, total), index: done, total };
    }
    const total = history.length;
    return view.kind === "finish" ? { percent: 100, index: total, total } : { percent: 0, index: 0, total };
  }

  // --- changing ---------------------------------------------------------------------------

  subscribe(listener: () => void): () => void {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  private _set(patch: Partial<FlowState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this._listeners) listener();
  }

  private _initial(): FlowState {
    const values: Record<string, FormInputValue> = {};
    for (const step of this.floow.steps)
      for (const input of step.formInputs ?? []) values[input.id] = input.value ?? null;
    return {
      view: this._firstView(),
      history: [],
      answers: {},
      values,
      touched: {},
      results: idleResults(),
    };
  }

  /** The start page, unless the floow has none (or `skipStart`): then its first step. */
  private _firstView(skipStart?: boolean): View {
    const first = this.floow.steps[0];
    if (!skipStart && this.floow.start.type !== "none") return { kind: "start" };
    return first ? { kind: "step", stepId: first.id } : { kind: "finish" };
  }

  /** Jumps to a view (the editor's preview selects a step or the finish page). */
  goTo(view: View): void {
    if (view.kind === "step" && !this.step(view.stepId)) return;
    this._set({ view });
    if (view.kind === "finish") this._loadResults(false);
  }

  /** Replaces the configuration (the editor changed it); keeps the place when it still exists. */
  setFloow(floow: PublicFloow): void {
    this.floow = floow;
    const { view } = this.state;
    if (view.kind === "step" && !this.step(view.stepId)) this._set({ ...this._initial() });
    else if (view.kind === "start" && floow.start.type === "none") this._set({ view: this._firstView() });
    else this._set({});
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
    const chosen = multiple
      ? current.includes(choiceId)
        ? current.filter((id) => id !== choiceId)
        : [...current, choiceId]
      : [choiceId];
    this._set({ answers: { ...this.state.answers, [step.id]: chosen } });
    this._options.emit("choice", {
      step: eventStep(step),
      choices: eventChoices(this.visibleChoices(step), chosen),
    });
    if (!multiple && !this.floow.showNextButton) this.next();
  }

  setValue(inputId: string, value: FormInputValue, touch = false): void {
    this._set({
      values: { ...this.state.values, [inputId]: value },
      touched: touch ? { ...this.state.touched, [inputId]: true } : this.state.touched,
    });
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
    if (!this.state.touched[inputId]) this._set({ touched: { ...this.state.touched, [inputId]: true } });
  }

  /** Next: validates a form step (showing its errors), then follows the conditions. */
  next(): boolean {
    const step = this.step();
    if (!step || !this.canGoNext()) return false;
    if (step.type === "form") {
      const inputs = step.formInputs ?? [];
      if (Object.keys(this.formErrors(step)).length > 0) {
        const touched = { ...this.state.touched };
        for (const input of inputs) touched[input.id] = true;
        this._set({ touched });
        return false;
      }
      this._options.emit("form", {
        step: eventStep(step),
        formInputs: eventFormInputs(inputs, this.state.values),
      });
    }
    const target = resolveNextStep(this.floow, step.id, this.chosenIds());
    const history = [...this.state.history.filter((id) => id !== step.id), step.id];
    this.state = { ...this.state, history };
    this._enter(target === FINISH ? { kind: "finish" } : { kind: "step", stepId: target });
    return true;
  }

  back(): void {
    const history = [...this.state.history];
    const previous = history.pop();
    if (previous) this._set({ view: { kind: "step", stepId: previous }, history });
    else if (this.canGoBack()) this._set({ view: { kind: "start" }, history });
  }

  restart(): void {
    this._resultsToken++;
    this._set(this._initial());
    this._options.emit("restart");
  }

  showMore(): void {
    this._set({ results: { ...this.state.results, more: this.state.results.more + 1 } });
  }

  /** A result's button or link was followed. */
  openProduct(product: Product): void {
    this._options.emit("product", { product });
  }

  private _enter(view: View): void {
    this._set({ view });
    if (view.kind === "finish") this._loadResults(true);
  }

  private _finishPayload(products?: Product[], partial?: boolean): FloowEventPayload {
    const chosen = new Set(this.chosenIds());
    const choices = this.floow.steps.flatMap((s) => s.choices.filter((c) => chosen.has(c.id)));
    const inputs = this.floow.steps
      .filter((s) => s.type === "form" && this.state.history.includes(s.id))
      .flatMap((s) => s.formInputs ?? []);
    return {
      choices: eventChoices(choices, chosen),
      ...(inputs.length > 0 ? { formInputs: eventFormInputs(inputs, this.state.values) } : {}),
      ...(products ? { products } : {}),
      ...(partial !== undefined ? { partial } : {}),
    };
  }

  /** Fetches the results of a selling floow; `emit`: the visitor finished (not a preview jump). */
  private _loadResults(emit: boolean): void {
    const wantsResults =
      this.floow.type === "selling" && this.floow.finish?.type === "results" && this._options.results;
    if (!wantsResults) {
      this._set({ results: { ...idleResults(), status: "done" } });
      if (emit) this._options.emit("finish", this._finishPayload());
      return;
    }
    const token = ++this._resultsToken;
    this._set({ results: { ...idleResults(), status: "loading" } });
    this._options.results!(this.chosenIds()).then(
      (answer) => {
        if (token !== this._resultsToken) return;
        this._set({
          results: { ...answer, status: "done", more: 0 },
        });
        if (emit) this._options.emit("finish", this._finishPayload(answer.products, answer.partial));
      },
      () => {
        if (token !== this._resultsToken) return;
        // Spec: a failed results call only clears the loading flag.
        this._set({ results: { ...idleResults(), status: "error" } });
        if (emit) this._options.emit("finish", this._finishPayload());
      },
    );
  }
}
