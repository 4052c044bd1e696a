// The script tag's consent and conversions (`/runtime/tracking.js`, tracking.ts), requested by
// floow.js on every page with the loader, after it: none of it is in what shows a start page.
// Defines `window.floow` ({ conversion, consent, push }); calls a page queued before, as
// `(window.floow = window.floow || []).push(["conversion", order])`, run here in order.
import { consent } from "../consent";
import type { Consent } from "../consent";
import { sendConversion } from "../conversion";
import type { Conversion } from "../conversion";
import { track } from "../tracking";

type Command = ["conversion", Conversion] | ["consent", Partial<Consent>];

const loader = document.querySelector<HTMLScriptElement>("script[data-domain]");
if (loader?.dataset.domain) track(loader.dataset.domain, new URL(loader.src).origin);

const w = window as Window & { floow?: unknown };
const queued = w.floow;
const api = {
  conversion: (order: Conversion) => sendConversion(order),
  consent,
  push(...commands: Command[]) {
    // A command names a call (`conversion` or `consent`); any other name is ignored.
    for (const [name, argument] of commands)
      if (name !== ("push" as string))
        void (api[name] as ((value: unknown) => unknown) | undefined)?.(argument);
    return commands.length;
  },
};
w.floow = api;
if (Array.isArray(queued)) api.push(...(queued as Command[]));
