import { DEFAULT_FEED_VARIABLES } from "../feed/constants";
import type { FeedVariables, Product } from "../feed/types";
import type { FilterCondition } from "../filter/constants";
import { productValue } from "../filter/logic";
import type { Filter, FilterGroup } from "../filter/types";
import { createFilter, createFilterGroup, stepsFromAiQuestions } from "../floow/factories";
import type { Step } from "../floow/types";
import type { Language } from "../shared/constants";
import { parseLooseNumber } from "../shared/format";

/**
 * The offline suggester (docs/editor.md, "AI Suggestion"): questions built from a floow's
 * feed when no model is configured. The attributes with a few distinct values (brand,
 * colour, size, product type …) and price bands from the price distribution become
 * questions in the floow's language, ordered by how well they split the catalogue, each
 * choice with its filter filled in, so the suggested floow returns products at once. Words
 * of the prompt that name an attribute (in any of the four languages) put it first.
 */

/** A filter a suggested choice applies. */
export interface SuggestedFilter {
  field: string;
  operator: FilterCondition;
  value: string;
}

/** An AI question, whose choices may carry filters (all must hold). */
export interface SuggestedQuestion {
  title: string;
  key: string;
  choices: { title: string; key: string; filters?: SuggestedFilter[] }[];
}

/** How many products are read (spread over the feed) to find the attributes. */
export const SUGGEST_SAMPLE = 5_000;
/** An attribute becomes a question when it has 2 … this many distinct values. */
export const SUGGEST_MAX_CHOICES = 8;
/** At most this many questions are suggested. */
export const SUGGEST_MAX_QUESTIONS = 5;

type Kind = "brand" | "color" | "size" | "type" | "price" | "other";

/** Attribute names by kind, and the words (in en, nl, fr, de) a prompt may use for them. */
const KINDS: { kind: Exclude<Kind, "other">; names: string[]; words: string[] }[] = [
  {
    kind: "brand",
    names: ["brand", "merk", "marque", "marke", "vendor", "manufacturer"],
    words: ["brand", "brands", "merk", "merken", "marque", "marques", "marke", "marken", "vendor"],
  },
  {
    kind: "color",
    names: ["color", "colour", "kleur", "couleur", "farbe"],
    words: [
      "color",
      "colour",
      "colors",
      "colours",
      "kleur",
      "kleuren",
      "couleur",
      "couleurs",
      "farbe",
      "farben",
    ],
  },
  {
    kind: "size",
    names: ["size", "maat", "taille", "grösse", "größe", "groesse", "frame_size"],
    words: [
      "size",
      "sizes",
      "maat",
      "maten",
      "taille",
      "tailles",
      "größe",
      "grösse",
      "größen",
      "fit",
    ],
  },
  {
    kind: "type",
    names: [
      "product_type",
      "type",
      "category",
      "categorie",
      "catégorie",
      "kategorie",
      "google_product_category",
    ],
    words: [
      "type",
      "types",
      "kind",
      "category",
      "soort",
      "categorie",
      "catégorie",
      "genre",
      "art",
      "kategorie",
    ],
  },
  {
    kind: "price",
    names: [],
    words: [
      "price",
      "prices",
      "budget",
      "cheap",
      "prijs",
      "prijzen",
      "goedkoop",
      "prix",
      "budget",
      "preis",
      "preise",
      "günstig",
    ],
  },
];

/** Attributes that identify or describe one product: never a question. */
const SKIP = new Set([
  "id",
  "item_group_id",
  "sku",
  "gtin",
  "mpn",
  "ean",
  "title",
  "name",
  "link",
  "url",
  "image",
  "image_link",
  "additional_image_link",
  "description",
  "price",
  "sale_price",
  "availability",
  "available",
  "handle",
  "body_html",
  "created_at",
  "updated_at",
  "published_at",
]);

const TITLES: Record<Language, Record<Kind, (attribute: string) => string>> = {
  en: {
    brand: () => "Which brand do you prefer?",
    color: () => "Which colour do you prefer?",
    size: () => "Which size do you need?",
    type: () => "What kind of product are you looking for?",
    price: () => "What is your budget?",
    other: (a) => `Which ${a} do you prefer?`,
  },
  nl: {
    brand: () => "Welk merk heeft je voorkeur?",
    color: () => "Welke kleur heeft je voorkeur?",
    size: () => "Welke maat heb je nodig?",
    type: () => "Wat voor product zoek je?",
    price: () => "Wat is je budget?",
    other: (a) => `Welke ${a} heeft je voorkeur?`,
  },
  fr: {
    brand: () => "Quelle marque préférez-vous ?",
    color: () => "Quelle couleur préférez-vous ?",
    size: () => "Quelle taille vous faut-il ?",
    type: () => "Quel type de produit cherchez-vous ?",
    price: () => "Quel est votre budget ?",
    other: (a) => `Quel choix pour « ${a} » préférez-vous ?`,
  },
  de: {
    brand: () => "Welche Marke bevorzugen Sie?",
    color: () => "Welche Farbe bevorzugen Sie?",
    size: () => "Welche Größe brauchen Sie?",
    type: () => "Was für ein Produkt suchen Sie?",
    price: () => "Wie hoch ist Ihr Budget?",
    other: (a) => `Was bevorzugen Sie bei „${a}“?`,
  },
};

const PRICE_WORDS: Record<Language, { under: string; andMore: string }> = {
  en: { under: "Under", andMore: "and more" },
  nl: { under: "Onder", andMore: "en meer" },
  fr: { under: "Moins de", andMore: "et plus" },
  de: { under: "Unter", andMore: "und mehr" },
};

function slug(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 40) || "choice"
  );
}

function kindOf(attribute: string): Kind {
  const name = attribute.toLowerCase();
  return KINDS.find((k) => k.names.includes(name))?.kind ?? "other";
}

/** A price rounded to a number people use for budgets (2 significant digits). */
function roundPrice(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

/** Normalized entropy of counts: 1 when the values split the products evenly. */
function evenness(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  if (counts.length < 2 || total === 0) return 0;
  let h = 0;
  for (const c of counts) if (c > 0) h -= (c / total) * Math.log(c / total);
  return h / Math.log(counts.length);
}

function sample(products: readonly Product[]): Product[] {
  if (products.length <= SUGGEST_SAMPLE) return [...products];
  const step = products.length / SUGGEST_SAMPLE;
  return Array.from(
    { length: SUGGEST_SAMPLE },
    (_, i) => products[Math.floor(i * step)] as Product,
  );
}

interface Candidate {
  kind: Kind;
  attribute: string;
  score: number;
  question: SuggestedQuestion;
}

function attributeCandidate(
  attribute: string,
  products: readonly Product[],
  language: Language,
): Candidate | null {
  const counts = new Map<string, { label: string; count: number }>();
  let covered = 0;
  for (const product of products) {
    const raw = product[attribute];
    const values = Array.isArray(raw) ? raw : [raw];
    let any = false;
    for (const value of values) {
      if (typeof value !== "string" && typeof value !== "number") continue;
      const label = String(value).trim();
      if (label === "" || label.length > 40) continue;
      const key = label.toLowerCase();
      const entry = counts.get(key) ?? { label, count: 0 };
      entry.count++;
      counts.set(key, entry);
      any = true;
    }
    if (any) covered++;
    if (counts.size > SUGGEST_MAX_CHOICES) return null;
  }
  if (counts.size < 2 || covered < products.length / 2) return null;
  const values = [...counts.values()].sort((a, b) => b.count - a.count);
  const kind = kindOf(attribute);
  const name = attribute.replace(/[_-]+/g, " ").toLowerCase();
  return {
    kind,
    attribute,
    score: evenness(values.map((v) => v.count)) * (covered / products.length),
    question: {
      title: TITLES[language][kind](name),
      key: slug(attribute),
      choices: values.map((v) => ({
        title: v.label,
        key: slug(v.label),
        filters: [{ field: attribute, operator: "equals", value: v.label }],
      })),
    },
  };
}

function priceCandidate(
  products: readonly Product[],
  variables: Partial<FeedVariables>,
  language: Language,
): Candidate | null {
  const prices = products
    .map((p) => parseLooseNumber(productValue(p, "price", variables)))
    .filter((n): n is number => n !== undefined && n >= 0)
    .sort((a, b) => a - b);
  if (prices.length < products.length / 2 || prices.length < 3) return null;
  const at = (q: number) =>
    prices[Math.min(prices.length - 1, Math.floor(q * prices.length))] as number;
  const bounds = [...new Set([roundPrice(at(1 / 3)), roundPrice(at(2 / 3))])].filter(
    (b) => b > (prices[0] as number) && b <= (prices[prices.length - 1] as number),
  );
  if (bounds.length === 0) return null;
  const words = PRICE_WORDS[language];
  // A no-break space keeps the amount with its sign on a narrow card.
  const euro = (n: number) =>
    language === "en" || language === "nl" ? `€\u00a0${n}` : `${n}\u00a0€`;
  const field = "price";
  const choices: SuggestedQuestion["choices"] = [];
  const counts: number[] = [];
  const count = (lo: number | null, hi: number | null) =>
    prices.filter((p) => (lo === null || p >= lo) && (hi === null || p < hi)).length;
  const first = bounds[0] as number;
  const last = bounds[bounds.length - 1] as number;
  choices.push({
    title: `${words.under} ${euro(first)}`,
    key: `under_${first}`,
    filters: [{ field, operator: "lessThan", value: String(first) }],
  });
  counts.push(count(null, first));
  if (bounds.length === 2) {
    choices.push({
      title: `${euro(first)} – ${euro(last)}`,
      key: `${first}_${last}`,
      filters: [
        { field, operator: "greaterThanOrEquals", value: String(first) },
        { field, operator: "lessThan", value: String(last) },
      ],
    });
    counts.push(count(first, last));
  }
  choices.push({
    title: `${euro(last)} ${words.andMore}`,
    key: `from_${last}`,
    filters: [{ field, operator: "greaterThanOrEquals", value: String(last) }],
  });
  counts.push(count(last, null));
  // Every choice must lead to products.
  const kept = choices.filter((_, i) => (counts[i] as number) > 0);
  if (kept.length < 2) return null;
  return {
    kind: "price",
    attribute: field,
    score: evenness(counts),
    question: { title: TITLES[language].price(""), key: "price", choices: kept },
  };
}

/** The words of a prompt, lowercased, without accents kept apart. */
function promptWords(prompt: string): string[] {
  return prompt
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

/**
 * Questions for a floow from its feed's products. `prompt` reorders: attributes the prompt
 * names (by attribute name or by a word for its kind) come first, in the prompt's order.
 */
export function suggestFromFeed(
  products: readonly Product[],
  options: { prompt?: string; language?: Language; variables?: Partial<FeedVariables> } = {},
): SuggestedQuestion[] {
  const language = options.language ?? "en";
  const variables = options.variables ?? DEFAULT_FEED_VARIABLES;
  const rows = sample(products);
  if (rows.length === 0) return [];
  const attributes = new Set<string>();
  for (const row of rows.slice(0, 200)) for (const key of Object.keys(row)) attributes.add(key);
  const mapped = new Set(Object.values(variables).map((v) => v.toLowerCase()));
  const candidates: Candidate[] = [];
  for (const attribute of attributes) {
    const lower = attribute.toLowerCase();
    if (SKIP.has(lower) || mapped.has(lower)) continue;
    const candidate = attributeCandidate(attribute, rows, language);
    if (candidate) candidates.push(candidate);
  }
  const price = priceCandidate(rows, variables, language);
  if (price) candidates.push(price);

  const words = promptWords(options.prompt ?? "");
  const mention = (c: Candidate): number => {
    const byKind = KINDS.find((k) => k.kind === c.kind)?.words ?? [];
    const index = words.findIndex(
      (w) => w === c.attribute.toLowerCase() || byKind.includes(w) || slug(w) === c.question.key,
    );
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  return candidates
    .map((c) => ({ c, at: mention(c) }))
    .sort(
      (a, b) => a.at - b.at || b.c.score - a.c.score || a.c.attribute.localeCompare(b.c.attribute),
    )
    .slice(0, SUGGEST_MAX_QUESTIONS)
    .map(({ c }) => c.question);
}

/**
 * Suggested questions as floow parts: the steps (as `stepsFromAiQuestions` makes them) and,
 * for choices that carry filters, one root filter group per choice with those filters.
 */
export function floowPartsFromSuggestion(
  questions: readonly SuggestedQuestion[],
  floowId: string,
): { steps: Step[]; filterGroups: FilterGroup[]; filters: Filter[] } {
  const steps = stepsFromAiQuestions(questions, floowId);
  const filterGroups: FilterGroup[] = [];
  const filters: Filter[] = [];
  questions.forEach((question, q) => {
    question.choices.forEach((choice, c) => {
      const choiceId = steps[q]?.choices[c]?.id;
      if (!choiceId || !choice.filters || choice.filters.length === 0) return;
      const group = createFilterGroup({ choiceId, operator: "and" });
      filterGroups.push(group);
      for (const filter of choice.filters)
        filters.push(createFilter({ ...filter, filterGroupId: group.id }));
    });
  });
  return { steps, filterGroups, filters };
}
