/**
 * The example behind the Events explanation: a small selling floow, built with the domain's
 * factories, that the real runtime (@floow/runtime, in preview mode) runs. The messages the
 * dialog shows are the ones the runtime emits for it, not copies written by hand.
 */
import { createChoice, createFloow, createStep } from "@floow/domain/floow";
import type { Product } from "@floow/domain/feed";
import type { Floow } from "@floow/domain/floow";
import { mount } from "@floow/runtime";
import type { FloowEvent } from "@floow/runtime";

export const EXAMPLE_PRODUCT: Product = {
  id: "bike-101",
  name: "City bike Amsterdam",
  price: 649,
  url: "https://shop.example/bikes/city-amsterdam",
};

export function exampleFloow(): Floow {
  const step = createStep({
    id: "step_usage",
    text: "<p>How will you use your bike?</p>",
    event: {
      dataLayer: { key: "usage", type: "single" },
      activation: { key: "Usage", type: "single" },
    },
  });
  step.choices = [
    createChoice({
      id: "choice_city",
      stepId: step.id,
      text: "<p>In the city</p>",
      event: {
        dataLayer: { key: "city", customEvent: "" },
        activation: { key: "city", type: "single" },
      },
    }),
    createChoice({
      id: "choice_tours",
      stepId: step.id,
      text: "<p>Long tours</p>",
      event: {
        dataLayer: { key: "tours", customEvent: "" },
        activation: { key: "tours", type: "single" },
      },
    }),
  ];
  const floow = createFloow("selling", {
    id: "floow_example",
    organizationId: "org_example",
    domainId: "domain_example",
    name: "Bike advisor",
    steps: [step],
  });
  floow.container = { ...floow.container, type: "embedded" };
  return floow;
}

/** Mounts the example floow in `element`; every message goes to `onEvent`. */
export function mountExample(element: HTMLElement, onEvent: (event: FloowEvent) => void) {
  return mount(element, {
    floow: exampleFloow(),
    preview: true,
    device: "mobile",
    results: async () => ({ products: [EXAMPLE_PRODUCT], partial: false }),
    onEvent,
  });
}

/**
 * The messages of one walk through the example (mount, start, a choice, finish), recorded
 * from the runtime in an element outside the page.
 */
export async function recordExampleEvents(): Promise<FloowEvent[]> {
  const events: FloowEvent[] = [];
  const element = document.createElement("div");
  const instance = mountExample(element, (event) => events.push(event));
  const root = element.querySelector("[data-floow-host]")?.shadowRoot;
  const click = (selector: string) => root?.querySelector<HTMLElement>(selector)?.click();
  click("button.btn"); // Start
  click('[role="radio"]'); // In the city: a single choice goes on to the finish page
  for (let i = 0; i < 20 && !events.some((e) => e.type === "finish"); i++)
    await new Promise((r) => setTimeout(r, 10));
  instance.destroy();
  return events;
}
