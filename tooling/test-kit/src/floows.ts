/**
 * The live floows every runtime journey starts from: the merchant account (`openVeloAccount`)
 * with three published floows, an embedded selling advisor and two dialogs.
 */
import { randomUUID } from "node:crypto";
import { openVeloAccount } from "./account";
import { DashboardClient } from "./client";
import { merchantFeed } from "./feed";
import { startStaticServer, type StaticServer } from "./shop";
import { choiceFilter, formStep, step, type Ids, type Json } from "./steps";

/** The selling floow's questions: ids by their text, for the assertions. */
export interface SellingFloowIds {
  id: string;
  riding: Ids;
  often: Ids;
  budget: Ids;
  /** The form step and its inputs' ids. */
  details: { step: string; name: string; email: string };
}

export interface LiveFloows {
  apiUrl: string;
  organizationId: string;
  domainId: string;
  feedId: string;
  /** Embedded, at `#advisor` (inside) on paths starting with `/shop`. */
  advisor: SellingFloowIds;
  /** A dialog (close on click outside), whose start page goes inside `#help` on `/help`. */
  help: { id: string; step: string };
  /** A dialog that does not close on a click outside, whose start page goes inside `#sizes` on `/sizes`. */
  sizes: { id: string };
  /** Serves the feed (and product images); merchant pages may be added with `set`. */
  shop: StaticServer;
  /** The organization's admin who set it all up, to sign in with in the browser. */
  admin: { email: string; password: string };
}

export const ADVISOR = {
  name: "Bike advisor",
  startText: "Find the bike that fits you",
  startButton: "Find my bike",
  finishText: "Your bikes",
  productButton: "View bike",
  riding: { text: "What kind of riding do you do?", choices: ["Road", "Mountain", "City"] },
  often: { text: "How often do you ride?", choices: ["Every day", "Now and then"] },
  budget: { text: "What is your budget?", choices: ["Under €1000", "€1000 or more"] },
  /** The last step, a form: a required name and an optional e-mail. */
  details: { text: "Where do we send your selection?", name: "Your name", email: "E-mail" },
} as const;

export const HELP = {
  name: "Help me choose",
  startText: "Not sure which bike?",
  startButton: "Ask our advisor",
  question: "Where do you ride most?",
  choices: ["In town", "Off road"],
} as const;

export const SIZES = {
  name: "Size guide",
  startText: "Which frame size fits you?",
  startButton: "Find my size",
  question: "How tall are you?",
  choices: ["Under 1.70 m", "1.70 m or taller"],
} as const;

type VersionedFloow = Json & { id: string; version: number };

/**
 * A one-question selling floow in a dialog, whose start page goes inside `#{at}` on `/{at}`
 * (starting it opens the dialog). Returns its id and its question's id.
 */
async function createDialogFloow(
  client: DashboardClient,
  where: { domainId: string; feedId: string },
  texts: typeof HELP | typeof SIZES,
  options: { key: string; at: string; closeOnClickOutside: boolean },
): Promise<{ id: string; step: string }> {
  const floow = await client.mutation<VersionedFloow>("floow.create", {
    ...where,
    type: "selling",
    name: texts.name,
  });
  const question = step(floow.id, options.key, texts.question, texts.choices);
  await saveFloow(client, floow, {
    container: { type: "dialog" },
    closeOnClickOutside: options.closeOnClickOutside,
    showBackButton: false,
    start: {
      type: "basic",
      text: `<p>${texts.startText}</p>`,
      button: { text: texts.startButton },
    },
    steps: [question.step],
    triggers: [
      {
        route: `/${options.at}`,
        routeType: "startsWith",
        attribute: "id",
        value: options.at,
        target: "inside",
      },
    ],
  });
  return { id: floow.id, step: question.ids.step };
}

/** `floow.update` with the created floow's configuration changed by `changes`. */
async function saveFloow(
  client: DashboardClient,
  floow: VersionedFloow,
  changes: Json,
): Promise<void> {
  const {
    organizationId: _organizationId,
    userId: _userId,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...rest
  } = floow;
  await client.mutation("floow.update", { ...rest, ...changes, version: floow.version });
  await client.mutation("floow.publish", { id: floow.id });
}

/**
 * Signs up a new user, creates an organization, a domain, a feed (served from our own
 * server) and three floows, and publishes them. Resolves once the feed's products are in.
 */
export async function setUpLiveFloows(apiUrl: string): Promise<LiveFloows> {
  const shop = await startStaticServer();
  shop.set("/feed.xml", merchantFeed(shop.url), "application/xml; charset=utf-8");

  const client = new DashboardClient(apiUrl);
  const { organizationId, domainId, feedId, email, password } = await openVeloAccount(
    client,
    shop.url,
    "Robin Runtime",
  );

  // The advisor: riding → (City skips to budget) how often → budget → details (a form) → results.
  const advisor = await client.mutation<VersionedFloow>("floow.create", {
    domainId,
    type: "selling",
    name: ADVISOR.name,
    feedId,
  });
  const riding = step(advisor.id, "riding", ADVISOR.riding.text, ADVISOR.riding.choices);
  const often = step(advisor.id, "often", ADVISOR.often.text, ADVISOR.often.choices);
  const budget = step(advisor.id, "budget", ADVISOR.budget.text, ADVISOR.budget.choices);
  const details = formStep(
    advisor.id,
    ADVISOR.details.text,
    ADVISOR.details.name,
    ADVISOR.details.email,
  );
  riding.step.conditions.push({
    id: randomUUID(),
    stepId: riding.ids.step,
    condition: "selected",
    conditionChoiceId: riding.ids.choices.City,
    consequence: "goToStep",
    consequenceStepId: budget.ids.step,
    consequenceChoiceIds: [],
  });
  const filters = [
    choiceFilter(riding.ids.choices.Road!, "product_type", "equals", "road"),
    choiceFilter(riding.ids.choices.Mountain!, "product_type", "equals", "mountain"),
    choiceFilter(riding.ids.choices.City!, "product_type", "equals", "city"),
    choiceFilter(budget.ids.choices["Under €1000"]!, "price", "lessThan", "1000"),
    choiceFilter(budget.ids.choices["€1000 or more"]!, "price", "greaterThanOrEquals", "1000"),
  ];
  await saveFloow(client, advisor, {
    container: { type: "embedded" },
    showBackButton: true,
    showNextButton: false,
    showRestartButton: true,
    start: {
      type: "basic",
      text: `<p>${ADVISOR.startText}</p>`,
      button: { text: ADVISOR.startButton },
    },
    steps: [riding.step, often.step, budget.step, details.step],
    finish: {
      type: "results",
      text: `<p>${ADVISOR.finishText}</p>`,
      results: { button: { text: ADVISOR.productButton } },
    },
    filterGroups: filters.map((f) => f.group),
    filters: filters.map((f) => f.filter),
    triggers: [
      {
        route: "/shop",
        routeType: "startsWith",
        attribute: "id",
        value: "advisor",
        target: "inside",
      },
    ],
  });

  // The help dialog: its start page at #help; starting opens the dialog.
  const help = await createDialogFloow(client, { domainId, feedId }, HELP, {
    key: "where",
    at: "help",
    closeOnClickOutside: true,
  });
  // The size guide: a dialog that only its close button and Escape close.
  const sizes = await createDialogFloow(client, { domainId, feedId }, SIZES, {
    key: "height",
    at: "sizes",
    closeOnClickOutside: false,
  });

  return {
    apiUrl,
    organizationId,
    domainId,
    feedId,
    advisor: {
      id: advisor.id,
      riding: riding.ids,
      often: often.ids,
      budget: budget.ids,
      details: details.ids,
    },
    help: { id: help.id, step: help.step },
    sizes: { id: sizes.id },
    shop,
    admin: { email, password },
  };
}
