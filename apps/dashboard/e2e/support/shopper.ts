/**
 * The shopper-outcome journeys' world (issue 21): a merchant's shop on 127.0.0.1 (its feed,
 * its product pages, the pages that carry the snippet or frame the hosted page), a webhook
 * receiver on 127.0.0.1 that verifies every request with the `standardwebhooks` library (as
 * docs/webhooks.md tells merchants to), and floows set up and published through the
 * product's own calls (better-auth sign-up, then tRPC), each with its own trigger route.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Frame, type Locator, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import {
  BIKES,
  DashboardClient,
  openVeloAccount,
  merchantPage,
  startStaticServer,
  type StaticServer,
} from "@floow/test-kit";

/** The product link's setting (issue 21): where the product page opens, and UTM tags. */
export interface ProductLink {
  target: "self" | "blank";
  utm: boolean;
}

export const SELLING = {
  startText: "Find the bike that fits you",
  startButton: "Find my bike",
  riding: {
    text: "What kind of riding do you do?",
    choices: ["Road", "Mountain", "City"],
    link: "Riding guide",
  },
  details: { text: "Where do we send your selection?", name: "Your name", email: "E-mail" },
  finishText: "Your bikes",
  productButton: "View bike",
} as const;

export const DATA = {
  startText: "Book a bike check",
  startButton: "Book now",
  topic: { text: "What do you need?", choices: ["Sizing", "Servicing"] },
  details: { text: "How do we reach you?", name: "Your name", email: "E-mail" },
  finishText: "Thanks, we will be in touch.",
} as const;

/**
 * Each bike's product page on the shop: `/products/bike-n`. Its feed link carries a query
 * parameter the UTM tags must keep, and the first road bike's an utm_source of its own,
 * which must stay as the merchant wrote it.
 */
export function productLink(shopUrl: string, id: string): string {
  const path = `${shopUrl}/products/${id.toLowerCase()}?ref=feed`;
  return id === "BIKE-1" ? `${path}&utm_source=newsletter` : path;
}

function feed(shopUrl: string): string {
  const escape = (text: string) => text.replaceAll("&", "&amp;");
  const items = BIKES.map(
    (bike) => `<item>
  <g:id>${bike.id}</g:id>
  <g:title>${bike.title}</g:title>
  <g:description>A ${bike.type} bike.</g:description>
  <g:link>${escape(productLink(shopUrl, bike.id))}</g:link>
  <g:image_link>${shopUrl}/images/${bike.id.toLowerCase()}.png</g:image_link>
  <g:price>${bike.price}</g:price>
  <g:product_type>${bike.type}</g:product_type>
  <g:availability>in stock</g:availability>
</item>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Velo</title>
<link>${shopUrl}</link><description>Bikes</description>
${items}
</channel></rss>
`;
}

export interface ReceivedWebhook {
  type: string;
  data: {
    type: string;
    sessionId: string;
    floowId: string;
    formInputs?: { text: string; value: unknown }[];
    choices?: { text: string; selected: boolean }[];
  };
}

export interface WebhookReceiver {
  url: string;
  /** Verified payloads, in arrival order. */
  verified: ReceivedWebhook[];
  /** Requests whose signature did not verify (answered 401). */
  refused: number;
  close(): Promise<void>;
}

/** A merchant's endpoint on 127.0.0.1: `standardwebhooks` verifies each request. */
async function startWebhookReceiver(secret: () => string): Promise<WebhookReceiver> {
  const receiver = { verified: [] as ReceivedWebhook[], refused: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const payload = new Webhook(secret()).verify(
          body,
          request.headers as Record<string, string>,
        );
        receiver.verified.push(payload as ReceivedWebhook);
        response.writeHead(200).end();
      } catch {
        receiver.refused += 1;
        response.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/floow-webhook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

export interface ShopperFloow {
  id: string;
  name: string;
  type: "selling" | "data";
  container: "dialog" | "embedded";
  /** The merchant page whose path starts the floow's trigger; the floow goes in `#floow`. */
  path: string;
}

export interface Shop {
  apiUrl: string;
  domainId: string;
  shop: StaticServer;
  webhooks: WebhookReceiver;
  /** A new floow, published, shown on its own merchant page (see `ShopperFloow.path`). */
  floow(options: {
    type: "selling" | "data";
    container: "dialog" | "embedded";
    link?: ProductLink;
    closeOnClickOutside?: boolean;
    /** More HTML at the end of the first question's text (a Guided Selling floow's). */
    questionHtml?: string;
  }): Promise<ShopperFloow>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function choiceStep(
  floowId: string,
  key: string,
  text: string,
  choices: readonly string[],
  more = "",
) {
  const id = randomUUID();
  const list = choices.map((choice) => ({
    id: randomUUID(),
    stepId: id,
    text: choice,
    event: { dataLayer: { key: choice.toLowerCase(), customEvent: "" } },
  }));
  return {
    id,
    floowId,
    type: "single",
    text: `<p>${text}</p>${more}`,
    event: { dataLayer: { key, type: "single" }, activation: { key, type: "single" } },
    choices: list,
  };
}

function formStep(floowId: string, texts: { text: string; name: string; email: string }) {
  const input = (type: string, label: string, required: boolean) => ({
    id: randomUUID(),
    type,
    label,
    value: "",
    required,
    options: [],
  });
  return {
    id: randomUUID(),
    floowId,
    type: "form",
    text: `<p>${texts.text}</p>`,
    event: { dataLayer: { key: "details", type: "single" } },
    formInputs: [input("text", texts.name, true), input("email", texts.email, false)],
  };
}

/**
 * Signs a merchant up, creates the organization, the domain, the feed (served by the shop)
 * and a webhook for form, finish and product events pointing at the receiver. Resolves once the
 * feed's products are in.
 */
export async function openShop(apiUrl: string): Promise<Shop> {
  const shop = await startStaticServer();
  shop.set("/feed.xml", feed(shop.url), "application/xml; charset=utf-8");
  for (const bike of BIKES) {
    shop.set(
      `/products/${bike.id.toLowerCase()}`,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${bike.title}</title></head>
<body><main><h1>${bike.title}</h1><p>Velo product page</p></main></body></html>`,
    );
  }
  shop.set(
    "/guide",
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guide</title></head>
<body><main><h1>${SELLING.riding.link}</h1></main></body></html>`,
  );
  let secret = "";
  const webhooks = await startWebhookReceiver(() => secret);

  const client = new DashboardClient(apiUrl);
  const { domainId, feedId } = await openVeloAccount(client, shop.url, "Sam Shopkeeper");
  ({ secret } = await client.mutation<{ secret: string }>("webhook.create", {
    id: randomUUID(),
    domainId,
    name: "Velo CRM",
    url: webhooks.url,
    events: ["form", "finish", "product"],
  }));

  let count = 0;
  return {
    apiUrl,
    domainId,
    shop,
    webhooks,
    async floow({ type, container, link, closeOnClickOutside = true, questionHtml = "" }) {
      count += 1;
      const path = `/shop-${count}`;
      const name = `${type === "selling" ? "Bike advisor" : "Bike check"} ${count}`;
      const created = await client.mutation<Json & { id: string; version: number }>(
        "floow.create",
        { domainId, type, name, ...(type === "selling" && { feedId }) },
      );
      const id = created.id;
      const texts = type === "selling" ? SELLING : DATA;
      const first =
        type === "selling"
          ? choiceStep(
              id,
              "riding",
              SELLING.riding.text,
              SELLING.riding.choices,
              // A link in a question's text: a page on the shop's server, which is not the
              // domain's host (velo-bikes.nl), so another site's (a new tab, docs/editor.md).
              `<p><a href="${shop.url}/guide">${SELLING.riding.link}</a></p>${questionHtml}`,
            )
          : choiceStep(id, "topic", DATA.topic.text, DATA.topic.choices);
      const filters =
        type === "selling"
          ? first.choices.map((choice) => {
              const group = {
                id: randomUUID(),
                choiceId: choice.id,
                parentId: null,
                operator: "and",
              };
              return {
                group,
                filter: {
                  id: randomUUID(),
                  filterGroupId: group.id,
                  field: "product_type",
                  operator: "equals",
                  value: choice.text.toLowerCase(),
                },
              };
            })
          : [];
      const {
        organizationId: _organizationId,
        userId: _userId,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        ...rest
      } = created;
      await client.mutation("floow.update", {
        ...rest,
        version: created.version,
        container: { type: container },
        closeOnClickOutside,
        // A data floow is created without a trigger and embedded: this one has its trigger.
        skipTrigger: false,
        showBackButton: true,
        showNextButton: false,
        showRestartButton: true,
        start: {
          type: "basic",
          text: `<p>${texts.startText}</p>`,
          button: { text: texts.startButton },
        },
        steps: [first, formStep(id, texts.details)],
        finish:
          type === "selling"
            ? {
                type: "results",
                text: `<p>${SELLING.finishText}</p>`,
                results: { button: { text: SELLING.productButton }, ...(link && { link }) },
              }
            : { type: "basic", text: `<p>${DATA.finishText}</p>` },
        filterGroups: filters.map((f) => f.group),
        filters: filters.map((f) => f.filter),
        triggers: [
          {
            route: path,
            routeType: "startsWith",
            attribute: "id",
            value: "floow",
            target: "inside",
          },
        ],
      });
      await client.mutation("floow.publish", { id });
      shop.set(
        path,
        merchantPage({
          title: "Velo",
          apiUrl,
          domainId,
          body: `<header><a href="/">Velo</a></header>
<main><h1>Velo bikes</h1><div id="floow"></div><p>Free delivery.</p></main>`,
        }),
      );
      return { id, name, type, container, path };
    },
    close: async () => {
      await shop.close();
      await webhooks.close();
    },
  };
}

/** The floows messages in a page's (or frame's) data layer, in order. */
export async function dataLayer(
  page: Page | Frame,
): Promise<{ type: string; sessionId: string; floowId: string }[]> {
  const layer = await page.evaluate(
    () => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [],
  );
  return (layer as { event?: string; type: string; sessionId: string; floowId: string }[]).filter(
    (entry) => entry.event === "floows",
  );
}

/**
 * Keyboard only: Tab (forward) until `target` has focus, then nothing else. Fails when it
 * is not reached within `max` presses, i.e. when a keyboard user could not get to it.
 */
export async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((element) => element.matches(":focus")).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab did not reach ${String(target)} in ${max} presses`);
}
