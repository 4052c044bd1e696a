/**
 * The public HTTP API the renderer calls (docs/architecture.md). Answers are checked for the
 * shape the renderer relies on before use: a proxy or an old server answering something else
 * must fail the floow cleanly, not break the page. (A hand-written check: valibot's core
 * alone would take a tenth of the renderer's 20 kB budget.)
 */
import type { PublicDomain, PublicFloow, PublicResults } from "@floow/domain/logic";
import { visitorQuery } from "./session";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isList = (value: unknown): value is Json[] => Array.isArray(value) && value.every(isObject);

function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new TypeError(`Unexpected answer: no ${what}`);
}

/** The parts of a floow the renderer reads without guarding. */
export function assertFloow(value: unknown): asserts value is PublicFloow {
  check(
    isObject(value) &&
      typeof value.id === "string" &&
      isList(value.steps) &&
      [value.start, value.finish, value.buttons].every(isObject),
    "floow",
  );
}

export function assertResults(value: unknown): asserts value is PublicResults {
  // The script-tag renderer shows the cards (Flow.card); the npm build reads the products.
  check(
    isObject(value) && isList(value.products) && (!__SCRIPT_TAG__ || isList(value.cards)),
    "products",
  );
}

function base(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, "");
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** `GET {apiUrl}/api/public/floows/:id`: one live floow with its domain's colours and fonts. */
export async function fetchFloow(
  apiUrl: string,
  floowId: string,
): Promise<{ floow: PublicFloow; domain?: PublicDomain }> {
  const body = await json(
    await fetch(
      `${base(apiUrl)}/api/public/floows/${encodeURIComponent(floowId)}${visitorQuery()}`,
      {
        credentials: "omit",
      },
    ),
  );
  check(isObject(body), "body");
  const { floow, domain } = body as { floow: unknown; domain?: PublicDomain };
  assertFloow(floow);
  return { floow, domain: isObject(domain) ? domain : undefined };
}

/**
 * `POST {apiUrl}/api/public/results {floowId, choiceIds, floowVersion?}` → `{ products, partial }`;
 * `floowVersion` for an experiment's variant (its own filters, not the live version's).
 */
export async function fetchResults(
  apiUrl: string,
  floowId: string,
  choiceIds: readonly string[],
  floowVersion?: number,
): Promise<PublicResults> {
  const body = await json(
    await fetch(`${base(apiUrl)}/api/public/results`, {
      method: "POST",
      // text/plain: a CORS simple request, no preflight round-trip before the results.
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ floowId, choiceIds, floowVersion }),
      credentials: "omit",
    }),
  );
  assertResults(body);
  // Partial results name the answers each product meets ("Matches: …").
  return {
    products: body.products,
    cards: body.cards,
    partial: body.partial === true,
    matches: Array.isArray(body.matches) ? (body.matches as string[][]) : undefined,
  };
}
