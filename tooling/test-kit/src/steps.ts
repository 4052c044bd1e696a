/**
 * The parts of a floow's configuration the scenario builds, shaped as the dashboard's editor
 * sends them to `floow.update`: a single-choice step, a form step, a choice's filter.
 */
import { randomUUID } from "node:crypto";

export type Json = Record<string, unknown>;

/** A question's ids: its step, and its choices by their text. */
export interface Ids {
  step: string;
  choices: Record<string, string>;
}

/** A single-choice step whose choices are `choices`, with their ids by their text. */
export function step(floowId: string, key: string, text: string, choices: readonly string[]) {
  const id = randomUUID();
  const list = choices.map((choiceText) => ({
    id: randomUUID(),
    stepId: id,
    text: choiceText,
    event: {
      dataLayer: { key: choiceText.toLowerCase().replace(/[^a-z0-9]+/g, "_"), customEvent: "" },
      activation: { key: choiceText, type: "single" },
    },
  }));
  return {
    step: {
      id,
      floowId,
      type: "single",
      text: `<p>${text}</p>`,
      event: { dataLayer: { key, type: "single" }, activation: { key, type: "single" } },
      choices: list,
      conditions: [] as Json[],
    },
    ids: { step: id, choices: Object.fromEntries(list.map((c) => [c.text, c.id])) },
  };
}

/** A form step: a required text input and an optional e-mail input. */
export function formStep(floowId: string, text: string, nameLabel: string, emailLabel: string) {
  const id = randomUUID();
  const input = (type: string, label: string, required: boolean) => ({
    id: randomUUID(),
    type,
    label,
    value: "",
    required,
    options: [],
  });
  const name = input("text", nameLabel, true);
  const email = input("email", emailLabel, false);
  return {
    step: {
      id,
      floowId,
      type: "form",
      text: `<p>${text}</p>`,
      event: {
        dataLayer: { key: "details", type: "single" },
        activation: { key: "details", type: "single" },
      },
      choices: [],
      formInputs: [name, email],
      conditions: [] as Json[],
    },
    ids: { step: id, name: name.id, email: email.id },
  };
}

/** One filter group on a choice with one filter: the choice narrows the results to it. */
export function choiceFilter(choiceId: string, field: string, operator: string, value: string) {
  const group = { id: randomUUID(), choiceId, parentId: null, operator: "and" };
  return { group, filter: { id: randomUUID(), filterGroupId: group.id, field, operator, value } };
}
