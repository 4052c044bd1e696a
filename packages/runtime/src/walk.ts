/**
 * What a shopper does on a floow's pages after the start page: choosing, typing, Next, Back,
 * Restart, Show more and a product's click, with the reading they need (visible choices, form
 * errors, whether Next and Back may be pressed, a result's card). Methods of `Flow`
 * (flow.ts), kept apart so that the script tag's `pages.js` brings them (render/lazy.ts
 * `define` adds them to `Flow`'s prototype): `floow.js` holds only the start, the finish
 * page's results call and the events, and what a shopper downloads before the start page
 * shows is about 0.5 kB smaller (docs/benchmarks.md). The npm build adds them at once.
 * They use only `Flow`'s public members: the two files' private names are mangled apart.
 */
import {
  FINISH,
  INPUT_VALIDATION_DEBOUNCE_MS,
  eventProduct,
  formInputErrors,
  readCard,
  resolveNextStep,
  resultProduct,
  visibleChoices,
} from "@floow/domain/logic";
import type { FormInputValue, PublicResults, ResultProduct, Step } from "@floow/domain/logic";
import { eventChoices, eventFormInputs, eventStep } from "./events";
import type { FloowEventPayload } from "./events";
import type { Flow, ResultsState } from "./flow";
import { textsOf } from "./i18n";

/** Results of `status` with nothing in them yet. */
export const emptyResults = (status: ResultsState["status"]): ResultsState => ({
  status,
  products: [],
  partial: false,
  more: 0,
});

export const walk = {
  visibleChoices(this: Flow, step: Step) {
    return visibleChoices(this.floow, step.id, this.chosenIds());
  },

  /**
   * Errors of a step's form inputs, by input id (all of them; the UI shows touched ones), in
   * the floow's language: the script-tag renderer has only the messages its floow came with
   * (`floow.texts`, see i18n.ts), the npm build all four languages.
   */
  formErrors(this: Flow, step: Step): Record<string, string> {
    const { messages } = textsOf(this.floow, this.language);
    return Object.fromEntries(
      formInputErrors(step.formInputs ?? [], this.state.values, messages).map((e) => [
        e.inputId,
        e.message,
      ]),
    );
  },

  /** Whether Next may be pressed on the current step. */
  canGoNext(this: Flow): boolean {
    const step = this.step();
    return (
      !!step &&
      ((step.type !== "single" && step.type !== "multiple") ||
        !this.visibleChoices(step)[0] ||
        !!this.state.answers[step.id]?.[0])
    );
  },

  canGoBack(this: Flow): boolean {
    const { view, history } = this.state;
    return (
      view.kind !== "start" &&
      (!!history[0] || (view.kind === "step" && this.floow.start.type !== "none"))
    );
  },

  choose(this: Flow, choiceId: string): void {
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
    this.update();
    this.options.emit("choice", {
      step: eventStep(step),
      choices: eventChoices(this.visibleChoices(step), chosen),
    });
    if (!multiple && !this.floow.showNextButton) this.next();
  },

  setValue(this: Flow, inputId: string, value: FormInputValue, touch?: boolean): void {
    this.state.values[inputId] = value;
    if (touch) this.state.touched[inputId] = true;
    this.update();
  },

  /**
   * Typing: the value changes at once, its error shows after a 300 ms pause (form validation
   * runs on blur, on input debounced, on change and on submit).
   */
  type(this: Flow, inputId: string, value: FormInputValue): void {
    this.setValue(inputId, value);
    clearTimeout(this.timers[inputId]);
    this.timers[inputId] = setTimeout(() => this.touch(inputId), INPUT_VALIDATION_DEBOUNCE_MS);
  },

  touch(this: Flow, inputId: string): void {
    if (!this.rendering && !this.state.touched[inputId]) {
      this.state.touched[inputId] = true;
      this.update();
    }
  },

  /** Next: validates a form step (showing its errors), then follows the conditions. */
  next(this: Flow): boolean {
    const step = this.step();
    if (!step || !this.canGoNext()) return false;
    const { history, touched, values } = this.state;
    if (step.type === "form") {
      const inputs = step.formInputs ?? [];
      if (Object.keys(this.formErrors(step))[0]) {
        for (const input of inputs) touched[input.id] = true;
        this.update();
        return false;
      }
      this.options.emit("form", {
        step: eventStep(step),
        formInputs: eventFormInputs(inputs, values),
      });
    }
    const target = resolveNextStep(this.floow, step.id, this.chosenIds());
    this.state.history = [...history.filter((id) => id !== step.id), step.id];
    this.enter(target === FINISH ? { kind: "finish" } : { kind: "step", stepId: target });
    return true;
  },

  back(this: Flow): void {
    const history = [...this.state.history];
    const previous = history.pop();
    if (previous || this.canGoBack())
      this.update({
        view: previous ? { kind: "step", stepId: previous } : { kind: "start" },
        history,
        touched: {},
      });
  },

  restart(this: Flow): void {
    this.reset();
    this.update();
    this.options.emit("restart");
  },

  showMore(this: Flow): void {
    this.state.results.more++;
    this.update();
  },

  /**
   * Result `i` as its card shows it. The script-tag renderer shows the results call's
   * cards, read and sanitized by the server (`readCard`: it bundles no feed reading or price
   * parsing); the npm build reads the record with the floow's results settings itself, so
   * the editor's preview follows settings not saved yet.
   */
  card(this: Flow, i: number): ResultProduct {
    const { products, cards } = this.state.results;
    return __SCRIPT_TAG__
      ? readCard(products[i]!, cards![i]!)
      : resultProduct(products[i]!, this.floow.finish.results);
  },

  /**
   * The finish page entered as `token` (flow.ts `enter`): fetches a selling floow's results,
   * then emits `finish` (with `emit`) with the answers on the path taken.
   */
  finish(this: Flow, token: number, emit: boolean): void {
    const { floow, options } = this;
    const done = (
      answer?: PublicResults,
      status: ResultsState["status"] = answer ? "done" : "error",
    ) => {
      if (token !== this.resultsToken) return;
      this.update({ results: { ...emptyResults(status), ...answer } });
      if (!emit) return;
      const chosen = this.chosenIds();
      const { steps } = floow;
      const inputs = steps
        .filter((s) => s.type === "form" && this.state.history.includes(s.id))
        .flatMap((s) => s.formInputs ?? []);
      const payload: FloowEventPayload = {
        choices: eventChoices(
          steps.flatMap((s) => s.choices.filter((c) => chosen.includes(c.id))),
          chosen,
        ),
        ...(inputs[0] && { formInputs: eventFormInputs(inputs, this.state.values) }),
        ...(answer && { products: answer.products }),
        ...(answer?.partial !== undefined && { partial: answer.partial }),
      };
      options.emit(
        "finish",
        payload,
        answer && {
          products: answer.products.map((_, i) => ({ ...eventProduct(this.card(i)) })),
        },
      );
    };
    if (token !== this.resultsToken) return;
    if (floow.type === "selling" && floow.finish?.type === "results" && options.results) {
      this.update({ results: emptyResults("loading") });
      // Spec: a failed results call only clears the loading flag.
      options.results(this.chosenIds()).then(done, () => done());
    } else done(undefined, "done");
  },

  /** Result `i`'s button or link was followed. */
  openProduct(this: Flow, i: number): void {
    this.options.emit(
      "product",
      { product: this.state.results.products[i] },
      { product: { ...eventProduct(this.card(i)) } },
    );
  },
};

export type Walk = typeof walk;
