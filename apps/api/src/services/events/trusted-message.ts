import type { FloowContent } from "@floow/domain/floow";
import type { FloowEventMessage } from "@floow/domain/events";

/**
 * What an event's message may name of one published version: its steps, and per step the
 * choices and form inputs it shows; `choices` and `inputs` hold those of every step (a
 * `finish` event names the choices and inputs of the whole path without a step).
 */
export interface VersionIds {
  steps: ReadonlyMap<string, { choices: ReadonlySet<string>; inputs: ReadonlySet<string> }>;
  choices: ReadonlySet<string>;
  inputs: ReadonlySet<string>;
}

/** The step, choice and form-input ids of a version's content. */
export function versionIds(content: Pick<FloowContent, "steps">): VersionIds {
  const steps = new Map<string, { choices: Set<string>; inputs: Set<string> }>();
  const choices = new Set<string>();
  const inputs = new Set<string>();
  for (const step of content.steps ?? []) {
    const own = {
      choices: new Set((step.choices ?? []).map((choice) => choice.id)),
      inputs: new Set((step.formInputs ?? []).map((input) => input.id)),
    };
    steps.set(step.id, own);
    for (const id of own.choices) choices.add(id);
    for (const id of own.inputs) inputs.add(id);
  }
  return { steps, choices, inputs };
}

/** The floow the server found for a message's `floowId`, and the version it checked the message against. */
export interface FoundFloow {
  organizationId: string;
  domainId: string;
  floowId: string;
  /** The version the message named, when the floow has it; undefined when it named none. */
  floowVersion: number | undefined;
  ids: VersionIds;
}

/**
 * The message as it is stored and delivered (docs/webhooks.md, "What a receiver can trust"):
 * the organization, domain, floow and version are the server's, whatever the sender wrote;
 * null when the message names a step, a choice or a form input that the version does not
 * have (the runtime only sends ids of the floow it shows: such a message was made elsewhere,
 * and it is ignored like one of an unknown floow). What the shopper did (which choices are
 * selected, form values, products, texts and keys as shown) stays as sent.
 */
export function trustedMessage(
  message: FloowEventMessage,
  found: FoundFloow,
): FloowEventMessage | null {
  const { ids } = found;
  const step = message.step ? ids.steps.get(message.step.id) : undefined;
  if (message.step && !step) return null;
  const choices = step?.choices ?? ids.choices;
  if (message.choices?.some((choice) => !choices.has(choice.id))) return null;
  const inputs = step?.inputs ?? ids.inputs;
  if (message.formInputs?.some((input) => !inputs.has(input.id))) return null;
  const trusted: FloowEventMessage = {
    ...message,
    organizationId: found.organizationId,
    domainId: found.domainId,
    floowId: found.floowId,
  };
  if (found.floowVersion === undefined) delete trusted.floowVersion;
  else trusted.floowVersion = found.floowVersion;
  return trusted;
}
