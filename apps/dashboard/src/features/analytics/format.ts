import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_PRESET_DAYS,
  ANALYTICS_TIME_ZONE,
} from "@floow/domain/analytics";
import type { RevenueAmount } from "@floow/domain/analytics";
import { formatEuroAmount } from "@floow/domain/shared";

const count = new Intl.NumberFormat("nl-NL");
const percent = new Intl.NumberFormat("nl-NL", { style: "percent", maximumFractionDigits: 1 });
const dayShort = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const dayLong = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const isoDay = new Intl.DateTimeFormat("sv-SE", {
  timeZone: ANALYTICS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** A count in Dutch notation (1.234). */
export const formatCount = (value: number) => count.format(value);

/** A rate (0–1) as a Dutch percentage (33,3%), or a dash when there is nothing to divide by. */
export const formatRate = (value: number | null) => (value === null ? "–" : percent.format(value));

const amount = new Intl.NumberFormat("nl-NL", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Money as the spec shows prices: euro as `€ 1.499,00`; another currency as written, its code
 * before the same Dutch notation (`USD 100,00`): orders are never converted (docs/analytics.md).
 */
export const formatMoney = (value: number, currency: string) =>
  currency === "EUR" ? formatEuroAmount(value) : `${currency} ${amount.format(value)}`;

/** The currency a figure is shown in: euro, else the one with the most revenue (lists come euro first). */
export const mainCurrency = (...lists: { currency: string }[][]) =>
  lists.find((list) => list.length > 0)?.[0]?.currency ?? "EUR";

/** The amount of `currency` in a list (0 when it has none). */
export const amountIn = (
  list: RevenueAmount[],
  currency: string,
  part: keyof RevenueAmount = "total",
) => Number(list.find((r) => r.currency === currency)?.[part] ?? 0);

/** A list of amounts, main currency first: `€ 1.519,00 + USD 100,00`, or a dash without any. */
export const formatAmounts = (
  list: RevenueAmount[],
  part: "total" | "influenced" | "assisted" = "total",
) => (list.length === 0 ? "–" : list.map((r) => formatMoney(r[part], r.currency)).join(" + "));

/** A `YYYY-MM-DD` day in Dutch: `10 nov.` (short, chart axes) or `10-11-2026`. */
export const formatDay = (day: string, long = false) =>
  (long ? dayLong : dayShort).format(new Date(`${day}T00:00:00Z`));

/** Today in Europe/Amsterdam (the days analytics count in), `YYYY-MM-DD`. */
export const today = (now: Date = new Date()) => isoDay.format(now);

export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type RangePreset = (typeof ANALYTICS_PRESET_DAYS)[number] | "custom";

/** The analytics screens' range, kept in the address (`?range=30`, or `?range=custom&from=…&to=…`). */
export interface RangeSearch {
  range?: RangePreset;
  from?: string;
  to?: string;
  domain?: string;
  /** One floow's screen: only the sessions shown this published version (none: all versions). */
  version?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function validateRangeSearch(search: Record<string, unknown>): RangeSearch {
  const out: RangeSearch = {};
  const range = String(search.range ?? "");
  if (range === "custom") out.range = "custom";
  else if ((ANALYTICS_PRESET_DAYS as readonly number[]).includes(Number(range)))
    out.range = Number(range) as RangePreset;
  if (typeof search.from === "string" && DAY.test(search.from)) out.from = search.from;
  if (typeof search.to === "string" && DAY.test(search.to)) out.to = search.to;
  if (typeof search.domain === "string" && search.domain !== "") out.domain = search.domain;
  const version = Number(search.version);
  if (Number.isInteger(version) && version >= 1) out.version = version;
  return out;
}

/** The days a search stands for: a preset ends today; a custom range as given (falling back to 30 days). */
export function resolveRange(
  search: RangeSearch,
  now: Date = new Date(),
): { from: string; to: string } {
  const end = today(now);
  if (search.range === "custom" && search.from && search.to && search.from <= search.to)
    return { from: search.from, to: search.to };
  const days = typeof search.range === "number" ? search.range : ANALYTICS_DEFAULT_DAYS;
  return { from: shiftDay(end, -(days - 1)), to: end };
}

/** The change against the previous period, as "+12,5%" (null when the previous was zero). */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}
