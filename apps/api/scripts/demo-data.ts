/**
 * A demo data set for analytics: 20 live floows in one domain (16 Guided Selling floows that
 * branch, 4 Guided Data floows with a form) and as many shopper sessions as it takes to reach
 * `events` events over the last `days` days, written through the ingest's one writer
 * (`storeEvents`, in batches) with their arrival times set in the past. Deterministic: the same
 * seed gives the same data. Used by `pnpm seed:demo` (scripts/seed-demo.ts) and the analytics
 * benchmarks (bench/lib/bench-data.ts).
 */
import { createChoice, createFloow, createFormInput, createStep } from "@floow/domain/floow";
import { createDomain } from "@floow/domain/domain";
import { createEventMessage } from "@floow/domain/events";
import type { FloowEventMessage, FloowEventPayload, FloowEventType } from "@floow/domain/events";
import type { Step } from "@floow/domain/floow";
import type { Kysely } from "kysely";
import type { DB } from "../src/db/database";
import { insertDomain } from "../src/db/queries/domain";
import type { EventToStore } from "../src/db/queries/event";
import { insertFloow } from "../src/db/queries/floow";
import { storeEvents } from "../src/services/events/store-events";

export interface DemoOptions {
  organizationId: string;
  /** Events to generate (about; the last session may add a few). */
  events: number;
  /** Days back from `now` the sessions are spread over. */
  days?: number;
  floows?: number;
  seed?: number;
  now?: Date;
  batchSize?: number;
  onProgress?: (written: number) => void;
}

export interface DemoResult {
  domainId: string;
  floowIds: string[];
  events: number;
  sessions: number;
}

function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const FLOOW_NAMES = [
  "Bike advisor",
  "Running shoe finder",
  "Coffee machine guide",
  "Laptop picker",
  "Mattress matcher",
  "Tent selector",
  "Headphone helper",
  "Garden tool guide",
  "Skincare routine",
  "Wine pairing",
  "Paint finder",
  "Sofa chooser",
  "Stroller advisor",
  "E-bike finder",
  "Ski boot fitter",
  "Camera guide",
];
const DATA_NAMES = [
  "Newsletter sign-up",
  "Test ride request",
  "Size advice",
  "Store visit planner",
];

const PRODUCTS = Array.from({ length: 24 }, (_, i) => ({
  id: `DEMO-${String(i + 1).padStart(3, "0")}`,
  name:
    [
      "Velo Aero",
      "Velo Sprint",
      "Velo Ridge",
      "Velo Trail",
      "Velo Commute",
      "Velo Cargo",
      "Terra One",
      "Terra Max",
    ][i % 8] + (i >= 8 ? ` ${Math.floor(i / 8) + 1}` : ""),
  price: [1499, 899, 1299, 749, 599, 1899, 2199, 349][i % 8]!,
  url: `https://demo-shop.example/p/${i + 1}`,
  image: `https://demo-shop.example/i/${i + 1}.jpg`,
}));

const paragraph = (text: string) => `<p>${text}</p>`;

function sellingSteps(floowId: string) {
  const ride = createStep({ floowId, text: paragraph("What kind of riding do you do?") });
  ride.choices = ["Road", "Mountain", "City"].map((text) =>
    createChoice({ stepId: ride.id, text }),
  );
  const often = createStep({ floowId, text: paragraph("How often do you ride?") });
  often.choices = ["Every day", "Weekends", "Now and then"].map((text) =>
    createChoice({ stepId: often.id, text }),
  );
  const terrain = createStep({ floowId, text: paragraph("Which terrain?") });
  terrain.choices = ["Forest trails", "Rocky descents", "Gravel"].map((text) =>
    createChoice({ stepId: terrain.id, text }),
  );
  const budget = createStep({ floowId, text: paragraph("What is your budget?") });
  budget.choices = ["Under €1000", "€1000 – €2000", "More than €2000"].map((text) =>
    createChoice({ stepId: budget.id, text }),
  );
  return { ride, often, terrain, budget };
}

function dataSteps(floowId: string) {
  const interest = createStep({ floowId, text: paragraph("What are you interested in?") });
  interest.choices = ["New arrivals", "Sales", "Events"].map((text) =>
    createChoice({ stepId: interest.id, text }),
  );
  const details = createStep({
    floowId,
    type: "form",
    text: paragraph("Where can we reach you?"),
    formInputs: [
      createFormInput({ type: "email", label: "E-mail", required: true }),
      createFormInput({ type: "text", label: "First name" }),
      createFormInput({ type: "checkbox", label: "Send me the newsletter" }),
    ],
  });
  return { interest, details };
}

const eventStep = (step: Step) => ({ id: step.id, text: step.text.replace(/<[^>]+>/g, "") });
const picked = (step: Step, index: number): FloowEventPayload => ({
  step: eventStep(step),
  choices: step.choices.map((choice, i) => ({
    id: choice.id,
    text: choice.text,
    selected: i === index,
  })),
});

function weighted<T>(random: () => number, entries: readonly [T, number][]): T {
  let roll = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  return entries[entries.length - 1]![0];
}

const OS: [string, number][] = [
  ["windows", 42],
  ["mac", 31],
  ["linux", 17],
  ["unix", 2],
  ["unknown", 8],
];
const LANGUAGES: [string, number][] = [
  ["nl", 58],
  ["en", 20],
  ["de", 11],
  ["fr", 8],
  ["unknown", 3],
];

/** Creates the demo domain and floows in the organization and writes the events. */
export async function generateDemoData(db: Kysely<DB>, options: DemoOptions): Promise<DemoResult> {
  const {
    organizationId,
    events: target,
    days = 90,
    floows: floowCount = 20,
    seed = 14,
    now = new Date(),
    batchSize = 2_000,
  } = options;
  const random = rng(seed);
  const domain = await insertDomain(
    db,
    organizationId,
    createDomain({ name: "Demo shop", host: "demo-shop.example" }),
  );
  if (!domain) throw new Error("could not create the demo domain");

  interface DemoFloow {
    id: string;
    type: "selling" | "data";
    weight: number;
    selling?: ReturnType<typeof sellingSteps>;
    data?: ReturnType<typeof dataSteps>;
  }
  const floows: DemoFloow[] = [];
  for (let i = 0; i < floowCount; i++) {
    const data = i % 5 === 4;
    const name = data
      ? DATA_NAMES[Math.floor(i / 5) % DATA_NAMES.length]!
      : FLOOW_NAMES[(i - Math.floor(i / 5)) % FLOOW_NAMES.length]!;
    const base = createFloow(data ? "data" : "selling", {
      organizationId,
      domainId: domain.id,
      name,
      status: "live",
    });
    const selling = data ? undefined : sellingSteps(base.id);
    const form = data ? dataSteps(base.id) : undefined;
    const steps = selling
      ? [selling.ride, selling.often, selling.terrain, selling.budget]
      : [form!.interest, form!.details];
    const saved = await insertFloow(db, organizationId, { ...base, steps });
    if (!saved) throw new Error("could not create a demo floow");
    // A few floows get most of the traffic, as in a real shop.
    floows.push({
      id: saved.id,
      type: data ? "data" : "selling",
      weight: 1 / (i + 1) ** 0.8,
      selling,
      data: form,
    });
  }
  const floowPicks = floows.map((floow) => [floow, floow.weight] as [DemoFloow, number]);

  const start = now.getTime() - days * 86_400_000;
  let written = 0;
  let sessions = 0;
  let batch: EventToStore[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await storeEvents(db, batch);
    written += batch.length;
    batch = [];
    options.onProgress?.(written);
  };

  while (written + batch.length < target) {
    sessions++;
    const floow = weighted(random, floowPicks);
    const sessionId = `demo-${seed}-${sessions}`;
    // Busier towards the present, and on weekdays in the evening.
    const at = start + Math.sqrt(random()) * (now.getTime() - start - 3_600_000);
    const device = { os: weighted(random, OS), language: weighted(random, LANGUAGES) };
    const plan: [FloowEventType, FloowEventPayload?][] = [["mount"]];
    if (random() < 0.55) {
      plan.push(["start"]);
      if (floow.selling) {
        const { ride, often, terrain, budget } = floow.selling;
        let finished = false;
        if (random() < 0.86) {
          const kind = weighted(random, [
            [0, 45],
            [1, 35],
            [2, 20],
          ]);
          plan.push(["choice", picked(ride, kind)]);
          // Branches: road → how often, mountain → terrain, city → straight to the budget.
          const second = kind === 0 ? often : kind === 1 ? terrain : null;
          const stays = second ? random() < (kind === 0 ? 0.82 : 0.7) : true;
          if (second && stays) plan.push(["choice", picked(second, Math.floor(random() * 3))]);
          if (stays && random() < 0.85) {
            const price = weighted(random, [
              [0, 50],
              [1, 35],
              [2, 15],
            ]);
            plan.push(["choice", picked(budget, price)]);
            if (random() < 0.93) {
              const offset = kind * 8 + price * 2;
              const products = [0, 1, 2].map((k) => PRODUCTS[(offset + k) % PRODUCTS.length]!);
              plan.push(["finish", { products, partial: random() < 0.22 }]);
              finished = true;
              if (random() < 0.38)
                plan.push([
                  "product",
                  { product: products[random() < 0.6 ? 0 : random() < 0.6 ? 1 : 2] },
                ]);
            }
          }
        }
        if (!finished && random() < 0.05) plan.push(["restart"]);
      } else if (floow.data) {
        const { interest, details } = floow.data;
        if (random() < 0.88) {
          plan.push(["choice", picked(interest, Math.floor(random() * 3))]);
          if (random() < 0.72) {
            const inputs = details.formInputs;
            plan.push([
              "form",
              {
                step: eventStep(details),
                formInputs: [
                  {
                    id: inputs[0]!.id,
                    type: "email",
                    text: "E-mail",
                    value: `shopper${sessions}@example.com`,
                  },
                  {
                    id: inputs[1]!.id,
                    type: "text",
                    text: "First name",
                    value: random() < 0.64 ? "Sam" : "",
                  },
                  {
                    id: inputs[2]!.id,
                    type: "checkbox",
                    text: "Send me the newsletter",
                    value: random() < 0.41,
                  },
                ],
              },
            ]);
            plan.push(["finish"]);
          }
        }
      }
    }
    plan.forEach(([type, payload], index) => {
      const receivedAt = new Date(at + index * 7_000);
      const message: FloowEventMessage = createEventMessage(
        // Every demo floow is live as its version 1 (insertFloow), as the runtime would stamp it.
        { organizationId, domainId: domain.id, floowId: floow.id, floowVersion: 1, sessionId },
        type,
        payload,
        receivedAt,
      );
      batch.push({ organizationId, domainId: domain.id, message, device, receivedAt });
    });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return {
    domainId: domain.id,
    floowIds: floows.map((floow) => floow.id),
    events: written,
    sessions,
  };
}
