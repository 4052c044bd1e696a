/**
 * Sets up live floows through the product's own HTTP calls, as the dashboard makes them:
 * better-auth's sign-up (`/api/auth/*`), then tRPC at `/trpc` (JSON, with the Origin header
 * the CSRF rule asks for): organization, domain, a feed served by our own HTTP server on
 * 127.0.0.1 (the server runs with FETCH_ALLOW_LOOPBACK=true), floows, publish. No SQL.
 *
 * `@floow/playwright-config/live-floow`: used by the dashboard's journeys (through
 * `apps/dashboard/e2e/support/live-floow.ts`) and by the runtime's load-time benchmark
 * (`packages/runtime/bench/time-to-visible.ts`), so it lives in this tooling package, which
 * both depend on: keep it free of Playwright and of workspace imports (plain Node and fetch).
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The feed's products: the answers of the selling floow pick among them. */
export const BIKES = [
  { id: "BIKE-1", title: "Velo Aero", type: "road", price: "1499.00 EUR" },
  { id: "BIKE-2", title: "Velo Sprint", type: "road", price: "899.00 EUR" },
  { id: "BIKE-3", title: "Velo Ridge", type: "mountain", price: "1299.00 EUR" },
  { id: "BIKE-4", title: "Velo Trail", type: "mountain", price: "749.00 EUR" },
  { id: "BIKE-5", title: "Velo Commute", type: "city", price: "599.00 EUR" },
  { id: "BIKE-6", title: "Velo Cargo", type: "city", price: "1899.00 EUR" },
] as const;

/** A small Google Merchant RSS 2.0 feed (`g:` namespace) of BIKES, linking to `shopUrl`. */
export function merchantFeed(shopUrl: string): string {
  const items = BIKES.map(
    (bike) => `<item>
  <g:id>${bike.id}</g:id>
  <g:title><![CDATA[${bike.title}]]></g:title>
  <g:description>A ${bike.type} bike &lt;b&gt;built to last&lt;/b&gt;.</g:description>
  <g:link>${shopUrl}/products/${bike.id.toLowerCase()}</g:link>
  <g:image_link>${shopUrl}/images/${bike.id.toLowerCase()}.png</g:image_link>
  <g:price>${bike.price}</g:price>
  <g:product_type>${bike.type}</g:product_type>
  <g:brand>Velo</g:brand>
  <g:availability>in stock</g:availability>
</item>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel>
<title>Velo bikes</title>
<link>${shopUrl}</link>
<description>All bikes</description>
${items}
</channel>
</rss>
`;
}

/** The one line a merchant pastes (the domain's Implementation tab). */
export function snippet(apiUrl: string, domainId: string): string {
  return `<script src="${apiUrl}/embed.js" data-domain="${domainId}" async></script>`;
}

/** A plain merchant page: `window.dataLayer = []`, the body, then the snippet before `</body>`. */
export function merchantPage({
  title,
  body,
  head = "",
  apiUrl,
  domainId,
}: {
  title: string;
  body: string;
  head?: string;
  apiUrl: string;
  domainId: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<script>window.dataLayer = [];</script>
${head}
</head>
<body>
${body}
${snippet(apiUrl, domainId)}
</body>
</html>
`;
}

export interface StaticServer {
  url: string;
  /** Serves `body` at `path` from now on. */
  set(path: string, body: string, contentType?: string): void;
  close(): Promise<void>;
}

/** A tiny HTTP server on 127.0.0.1 (a free port) serving what `set` gave it; a PNG for images. */
export async function startStaticServer(): Promise<StaticServer> {
  const routes = new Map<string, { body: string; type: string }>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const route = routes.get(path);
    if (route) {
      response.writeHead(200, { "content-type": route.type, "cache-control": "no-store" });
      response.end(route.body);
    } else if (path.startsWith("/images/")) {
      response.writeHead(200, { "content-type": "image/png" });
      response.end(PNG);
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set(path, body, type = "text/html; charset=utf-8") {
      routes.set(path, { body, type });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: string;
  status: number;
  answer: string;
}

export interface RecordingProxy {
  url: string;
  /** Every request forwarded, with the API's answer, in the order the answers came. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A pass-through proxy on 127.0.0.1 in front of the API that records what it forwards: a
 * page whose snippet loads `embed.js` from it sends every runtime call through it, even the
 * beacons of a page being left, which the browser sends after the page's own
 * network events (and so Playwright's) are gone.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && !["host", "connection", "content-length"].includes(name)) {
          headers.set(name, value);
        }
      }
      const method = request.method ?? "GET";
      fetch(`${target}${request.url ?? "/"}`, {
        method,
        headers,
        ...(method !== "GET" && method !== "HEAD" && { body }),
      }).then(
        async (answer) => {
          const data = Buffer.from(await answer.arrayBuffer());
          requests.push({
            method,
            path: request.url ?? "/",
            body: body.toString("utf8"),
            status: answer.status,
            answer: data.toString("utf8"),
          });
          const out: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (
              !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(
                name,
              )
            ) {
              out[name] = value;
            }
          });
          response.writeHead(answer.status, out);
          response.end(data);
        },
        (error: unknown) => {
          response.writeHead(502);
          response.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A signed-in dashboard user: cookies kept across calls, tRPC the way the dashboard calls it. */
export class DashboardClient {
  private cookies = new Map<string, string>();

  constructor(readonly apiUrl: string) {}

  private async request(path: string, init: RequestInit = {}): Promise<unknown> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.apiUrl);
    if (this.cookies.size > 0) {
      headers.set(
        "cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    const response = await fetch(`${this.apiUrl}${path}`, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** better-auth's email sign-up (signs in too). */
  async signUp(name: string, email: string, password: string): Promise<void> {
    await this.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, email, password }),
    });
  }

  async mutation<T>(path: string, input: unknown): Promise<T> {
    const answer = (await this.request(`/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    })) as { result: { data: T } };
    return answer.result.data;
  }

  async query<T>(path: string, input?: unknown): Promise<T> {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const answer = (await this.request(`/trpc/${path}${query}`)) as { result: { data: T } };
    return answer.result.data;
  }
}

type Json = Record<string, unknown>;

interface Ids {
  step: string;
  choices: Record<string, string>;
}

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

function step(floowId: string, key: string, text: string, choices: readonly string[]) {
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
function formStep(floowId: string, text: string, nameLabel: string, emailLabel: string) {
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
function choiceFilter(choiceId: string, field: string, operator: string, value: string) {
  const group = { id: randomUUID(), choiceId, parentId: null, operator: "and" };
  return { group, filter: { id: randomUUID(), filterGroupId: group.id, field, operator, value } };
}

type VersionedFloow = Json & { id: string; version: number };

/** `floow.update` with the created floow's configuration changed by `changes`. */
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
 * Signs `userName` up as a new merchant (signed in on `client`) with the organization Velo, its
 * domain, and a feed served from `<shopUrl>/feed.xml` with the BIKES; resolves once the feed's
 * products are in. The setting every live-floow journey starts from.
 */
export async function openVeloAccount(
  client: DashboardClient,
  shopUrl: string,
  userName: string,
): Promise<{
  organizationId: string;
  domainId: string;
  feedId: string;
  email: string;
  password: string;
}> {
  const tag = `${Date.now()}.${randomUUID().slice(0, 8)}`;
  const email = `${userName.split(" ")[0]!.toLowerCase()}.${tag}@example.com`;
  const password = "correct-horse-battery";
  await client.signUp(userName, email, password);
  const organization = await client.mutation<{ id: string }>("organization.create", {
    name: "Velo",
    displayName: "Velo Bikes",
  });

  const domainId = randomUUID();
  // No web fonts: the pages load nothing from outside this machine.
  await client.mutation("domain.create", {
    id: domainId,
    name: "Velo shop",
    host: "velo-bikes.nl",
    fonts: [],
  });

  const feedId = randomUUID();
  await client.mutation("feed.upsert", {
    id: feedId,
    domainId,
    name: "Velo bikes",
    url: `${shopUrl}/feed.xml`,
    type: "channable",
  });
  await waitForFeed(client, feedId, BIKES.length);
  return { organizationId: organization.id, domainId, feedId, email, password };
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

/** Polls `feed.list` (as the dashboard does) until the feed's refresh brought `count` products. */
async function waitForFeed(client: DashboardClient, feedId: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const feeds = await client.query<
      {
        id: string;
        productCount: number;
        lastRefreshStatus: string;
        lastRefreshError: string | null;
      }[]
    >("feed.list");
    const feed = feeds.find((f) => f.id === feedId);
    if (feed && feed.productCount >= count) return;
    if (Date.now() > deadline) {
      throw new Error(`feed ${feedId} has no products after 30 s: ${JSON.stringify(feed)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
