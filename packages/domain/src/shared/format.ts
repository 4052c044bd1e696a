import { PROGRESS_MAX, PROGRESS_MIN } from "./constants";
import type { OsName } from "./constants";

const euro = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" });
const dateNl = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "numeric",
  year: "numeric",
});

/**
 * A euro price in Dutch notation, e.g. `€ 12,50`. Numeric strings from feeds
 * (`12,50 EUR`) are accepted; anything that is not a number gives an empty string.
 */
export function formatEuro(value: number | string | null | undefined): string {
  return formatEuroAmount(typeof value === "number" ? value : parseLooseNumber(value));
}

/**
 * `formatEuro` of a number only: no parsing of feed texts, which the script-tag renderer
 * does not bundle (the results call sends prices as numbers).
 */
export function formatEuroAmount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "";
  // Intl uses a no-break space between the sign and the amount; a plain space is what
  // people type and what tests compare against.
  return euro.format(n).replace(/\u00a0/g, " ");
}

/** A date in Dutch locale, e.g. `1-2-2025`. Invalid dates give an empty string. */
export function formatDateNl(date: Date | string | number | null | undefined): string {
  if (date === null || date === undefined || date === "") return "";
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return "";
  return dateNl.format(d);
}

/**
 * Progress in percent of `current` out of `total`, clamped to 0–100. A zero or invalid
 * total gives 0.
 */
export function progressPercent(current: number, total: number): number {
  if (!Number.isFinite(current) || !Number.isFinite(total) || total <= 0) return PROGRESS_MIN;
  const percent = (current / total) * 100;
  return Math.min(PROGRESS_MAX, Math.max(PROGRESS_MIN, percent));
}

/** The operating system named by a user agent: windows, mac, unix, linux or unknown. */
export function detectOs(userAgent: string | null | undefined): OsName {
  const ua = userAgent ?? "";
  if (/windows|win32|win64/i.test(ua)) return "windows";
  if (/iphone|ipad|ipod/i.test(ua)) return "mac";
  if (/macintosh|mac os|macintel|macppc/i.test(ua)) return "mac";
  if (/android|linux/i.test(ua)) return "linux";
  if (/x11|unix|bsd|sunos/i.test(ua)) return "unix";
  return "unknown";
}

/**
 * Reads a number the way feeds write it: `12,99 EUR`, `€ 12.99`, `1.234,56`, `1,234.56`,
 * `15 kg`. See docs/domain-rules.md for the exact rule. Returns undefined for anything
 * else (including text that merely contains a number, like `iPhone 15`).
 */
export function parseLooseNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = trimText(value);
  const plain = plainNumberEnd(text);
  if (plain !== -1) {
    // `12.99` or `12.99 EUR`: what the rules below give for it, without the regular expressions.
    const n = Number(plain === text.length ? text : text.slice(0, plain));
    return Number.isFinite(n) ? n : undefined;
  }
  const match = LOOSE_NUMBER.exec(text);
  if (!match) return undefined;
  const sign = match[1] === "-" || match[1] === "−" ? -1 : 1;
  const digits = normalizeDigits(match[2] as string);
  if (digits === undefined) return undefined;
  const n = Number(digits);
  return Number.isFinite(n) ? sign * n : undefined;
}

/**
 * Where the number ends in `12`, `12.99`, `12.99 EUR` or `12.99 kg` (digits, an optional
 * decimal part, an optional space and 1-3 letters, nothing else); -1 for any other text.
 */
function plainNumberEnd(text: string): number {
  const n = text.length;
  let i = 0;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  if (i === 0) return -1;
  if (i < n && text.charCodeAt(i) === 46 /* . */) {
    let j = i + 1;
    while (j < n && isDigit(text.charCodeAt(j))) j++;
    if (j === i + 1) return -1;
    i = j;
  }
  if (i === n) return i;
  if (text.charCodeAt(i) !== 32 /* space */ || n - i - 1 < 1 || n - i - 1 > 3) return -1;
  for (let j = i + 1; j < n; j++) if (!isAsciiLetter(text.charCodeAt(j))) return -1;
  return i;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * `text.trim()`, without the call when both ends are plainly not white space (most feed
 * values, read by the hundred thousand in an import).
 */
export function trimText(text: string): string {
  const n = text.length;
  if (n === 0) return text;
  return isPlainEnd(text.charCodeAt(0)) && isPlainEnd(text.charCodeAt(n - 1)) ? text : text.trim();
}

/** Not a white space character of `String.prototype.trim` (a cheap test that covers most text). */
function isPlainEnd(c: number): boolean {
  return (c > 32 && c < 127) || (c > 160 && c < 0x1680);
}

// Optional currency/unit prefix (a symbol or up to 3 letters), optional sign, the number,
// optional currency/unit suffix (a symbol, %, or up to 3 letters, optionally with a dot).
const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/;

const LOOSE_NUMBER =
  /^(?:[€$£¥]|[A-Za-z]{1,3}\.?)?\s*([-+−])?\s*(\d(?:[\d.,' \u00a0\u202f]*\d)?)\s*(?:[€$£¥%]|[A-Za-z]{1,3}\.?|,-|\.-)?$/;

function normalizeDigits(raw: string): string | undefined {
  // The common case (`12`, `12.99`) is already a number as written (what the rules below
  // give for it too), without splitting the text.
  if (PLAIN_NUMBER.test(raw)) return raw;
  // Spaces and apostrophes only ever group thousands (`1 234,56`), so `12 34 56` is no number.
  if (
    /[' \u00a0\u202f]/.test(raw) &&
    !/^\d{1,3}(?:[' \u00a0\u202f]\d{3})+(?:[.,]\d+)?$/.test(raw)
  ) {
    return undefined;
  }
  const t = raw.replace(/[' \u00a0\u202f]/g, "");
  const commas = t.split(",").length - 1;
  const dots = t.split(".").length - 1;
  if (commas === 0 && dots === 0) return t;
  if (commas > 0 && dots > 0) {
    const decimal = t.lastIndexOf(",") > t.lastIndexOf(".") ? "," : ".";
    const thousands = decimal === "," ? "." : ",";
    const [intPart, frac, ...rest] = t.split(decimal);
    if (rest.length > 0 || frac === undefined || frac.includes(thousands)) return undefined;
    if (!validGroups((intPart as string).split(thousands))) return undefined;
    return `${(intPart as string).split(thousands).join("")}.${frac}`;
  }
  const sep = commas > 0 ? "," : ".";
  const parts = t.split(sep);
  // One separator is the decimal separator (Dutch `12,99` and English `12.99` alike).
  if (parts.length === 2) return `${parts[0]}.${parts[1]}`;
  // Several are thousands separators, so every group after the first has 3 digits.
  return validGroups(parts) ? parts.join("") : undefined;
}

function validGroups(groups: string[]): boolean {
  const [first, ...rest] = groups;
  if (first === undefined || first.length === 0 || (first.length > 3 && rest.length > 0))
    return false;
  return rest.every((g) => /^\d{3}$/.test(g));
}
