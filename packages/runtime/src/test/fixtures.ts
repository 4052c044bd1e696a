/**
 * Test floows built with the domain's own factories (dev-only: tests may import the full
 * `@floow/domain`; the runtime's code imports only `@floow/domain/logic`).
 */
import {
  createChoice,
  createCondition,
  createFloow,
  createFormInput,
  createStep,
  createTrigger,
} from "@floow/domain/floow";
import type { Floow } from "@floow/domain/floow";
import type { PublicDomain } from "@floow/domain/public";
import type { Trigger } from "@floow/domain/trigger";

export const domain: PublicDomain = {
  id: "d1",
  colors: [
    { id: "c1", name: "Dark Grey", hex: "333333", favorite: true },
    { id: "c2", name: "White", hex: "FFFFFF", favorite: true },
    { id: "red", name: "Red", hex: "ff0000", favorite: false },
  ],
  fonts: [{ id: "f1", name: "Poppins", url: "https://fonts.example/poppins.css" }],
};

/**
 * A selling floow: Q1 (single: Budget low → skips to Q3, high → Q2), Q2 (multiple), Q3
 * (form: name required, email), then the results finish page.
 */
export function sellingFloow(overrides: Partial<Floow> = {}): Floow {
  const q1 = createStep({ id: "q1", text: "<p>What is your <b>budget</b>?</p>" });
  const q2 = createStep({ id: "q2", type: "multiple", text: "<p>Which colours?</p>" });
  const q3 = createStep({ id: "q3", type: "form", text: "<p>Your details</p>" });
  q1.event = {
    dataLayer: { key: "budget", type: "single" },
    activation: { key: "Budget", type: "single" },
  };
  q1.choices = [
    createChoice({
      id: "low",
      stepId: "q1",
      text: "<p>Low</p>",
      event: {
        dataLayer: { key: "low", customEvent: "budget_low" },
        activation: { key: "low", type: "single" },
      },
    }),
    createChoice({ id: "high", stepId: "q1", text: "<p>High</p>" }),
  ];
  q1.conditions = [
    createCondition({
      stepId: "q1",
      conditionChoiceId: "low",
      consequence: "goToStep",
      consequenceStepId: "q3",
    }),
  ];
  q2.choices = [
    createChoice({ id: "red", stepId: "q2", text: "Red" }),
    createChoice({ id: "blue", stepId: "q2", text: "Blue" }),
  ];
  q3.formInputs = [
    createFormInput({ id: "name", type: "text", label: "Name", required: true }),
    createFormInput({ id: "email", type: "email", label: "E-mail" }),
  ];
  const floow = createFloow("selling", {
    id: "f1",
    organizationId: "o1",
    domainId: "d1",
    name: "Bike advisor",
    steps: [q1, q2, q3],
    ...overrides,
  });
  floow.start.text = "<p>Find your bike</p>";
  floow.finish.text = "<p>Your matches</p>";
  return floow;
}

export function trigger(overrides: Partial<Trigger>): Trigger {
  return createTrigger(overrides);
}

export const products = [
  {
    id: "p1",
    title: "City bike <b>Pro</b>",
    price: "499,00 EUR",
    link: "https://shop.example/p1",
    image_link: "https://shop.example/p1.jpg",
    description: '<p>Fast <script>alert(1)</script><a href="javascript:alert(2)">x</a></p>',
    color: "red",
  },
  { id: "p2", title: "Mountain bike", price: 899, link: "https://shop.example/p2", image_link: "" },
  { id: "p3", title: "Kids bike", price: 199, link: "javascript:alert(1)", image_link: "" },
  { id: "p4", title: "Cargo bike", price: 1999, link: "https://shop.example/p4", image_link: "" },
];

/** A whole feed record with a long description: 100 of them make a `finish` event over 64 KiB. */
export function bigRecord(i: number) {
  return {
    id: `P-${i}`,
    title: `Product ${i}`,
    price: "1499.00 EUR",
    link: `https://shop.example/p/${i}`,
    image_link: `https://shop.example/i/${i}.png`,
    description: `<p>${"A long description. ".repeat(40)}</p>`,
    brand: "Velo",
    attributes: { size: "L", colour: "red" },
  };
}

/** Lets pending promises (fetches, results) settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
