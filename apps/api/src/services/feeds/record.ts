import { FeedError } from "./errors";
import type { FeedLimits } from "./limits";

/** One product as the feed wrote it: every attribute, as text; repeated attributes as lists. */
export type FeedValue = string | string[];
export type FeedRecord = Record<string, FeedValue>;

/** Builds one record, enforcing the size limits. */
export class RecordBuilder {
  record: FeedRecord = {};
  private fields = 0;
  private chars = 0;

  private readonly nulFree: boolean;

  /**
   * `nulFree`: the caller's text cannot hold NUL, so values are not searched for it (XML: the
   * parser refuses the character, and keeps a `&#0;` reference as written).
   */
  constructor(
    private readonly limits: FeedLimits,
    private readonly where: () => string,
    options: { nulFree?: boolean } = {},
  ) {
    this.nulFree = options.nulFree ?? false;
  }

  add(key: string, value: string): void {
    // PostgreSQL text and jsonb cannot hold NUL: one in a feed (a CSV cell, a JSON "\u0000")
    // would make the database refuse the whole import. NUL is never meaningful in product text.
    if (!this.nulFree) {
      if (value.includes("\0")) value = value.replaceAll("\0", "");
      if (key.includes("\0")) key = key.replaceAll("\0", "");
    }
    this.chars += value.length + key.length;
    if (this.chars > this.limits.maxRecordChars) throw recordTooLarge(this.limits, this.where());
    let existing = this.record[key];
    // A name every object inherits (`constructor`, `toString`, `__proto__`) is read through the
    // prototype: only an own value is a repeat. Checked after the plain read, which finds
    // nothing for almost every key, so the common case costs one look-up.
    if (existing !== undefined && !Object.hasOwn(this.record, key)) existing = undefined;
    if (existing === undefined) {
      if (++this.fields > this.limits.maxFields) {
        throw new FeedError(
          "RECORD_TOO_LARGE",
          `A product in the feed has more than ${this.limits.maxFields} attributes${this.where()}.`,
        );
      }
      if (key === "__proto__") {
        // A plain assignment would change the object's prototype.
        Object.defineProperty(this.record, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else this.record[key] = value;
    } else if (Array.isArray(existing)) existing.push(value);
    else this.record[key] = [existing, value];
  }

  /** Removes every attribute whose name starts with `prefix` (for a value read again as a whole). */
  removePrefix(prefix: string): void {
    for (const key of Object.keys(this.record)) {
      if (key.startsWith(prefix)) {
        delete this.record[key];
        this.fields--;
      }
    }
  }

  /** Moves an attribute's value(s) to another name (appended there when it exists). */
  move(from: string, to: string): void {
    const value = this.record[from];
    if (value === undefined) return;
    delete this.record[from];
    this.fields--;
    for (const item of Array.isArray(value) ? value : [value]) this.add(to, item);
  }

  /** Counts text that is collected before it is added (so the limit also holds while collecting). */
  count(chars: number): void {
    this.chars += chars;
    if (this.chars > this.limits.maxRecordChars) throw recordTooLarge(this.limits, this.where());
  }

  take(): FeedRecord {
    const record = this.record;
    this.record = {};
    this.fields = 0;
    this.chars = 0;
    return record;
  }
}

export function recordTooLarge(limits: FeedLimits, where: string): FeedError {
  return new FeedError(
    "RECORD_TOO_LARGE",
    `A product in the feed is larger than ${Math.round(limits.maxRecordChars / 1024 / 1024)} MB${where}; the file is probably malformed.`,
  );
}

/** Namespace prefixes of Google's product attributes: `g:price` is stored as `price`. */
const GOOGLE_PREFIXES = /^(?:g|c):/i;

/** The attribute name for an element, column or property name. */
export function normalizeKey(name: string, extraPrefixes?: ReadonlySet<string>): string {
  const trimmed = name.trim();
  if (trimmed.charCodeAt(1) === 58 /* : */ && GOOGLE_PREFIXES.test(trimmed))
    return trimmed.slice(2);
  if (extraPrefixes && extraPrefixes.size > 0) {
    const colon = trimmed.indexOf(":");
    if (colon > 0 && extraPrefixes.has(trimmed.slice(0, colon))) return trimmed.slice(colon + 1);
  }
  return trimmed;
}

/**
 * Adds a JSON value under `prefix`: scalars as text, arrays as repeated values, nested
 * objects as dotted keys (`shipping.price`). Deeper than `maxDepth` the value is kept as JSON.
 */
export function addJsonValue(
  builder: RecordBuilder,
  prefix: string,
  value: unknown,
  depth = 0,
): void {
  if (value === null || value === undefined) return;
  if (typeof value === "string") return builder.add(prefix, value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return builder.add(prefix, String(value));
  }
  if (depth >= 8) return builder.add(prefix, JSON.stringify(value));
  if (Array.isArray(value)) {
    for (const item of value) addJsonValue(builder, prefix, item, depth + 1);
    return;
  }
  if (typeof value === "object") {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const name = normalizeKey(key);
      addJsonValue(builder, prefix ? `${prefix}.${name}` : name, item, depth + 1);
    }
  }
}

/** The first value of an attribute as text ("" when absent). */
export function firstValue(value: FeedValue | undefined): string {
  if (value === undefined) return "";
  return Array.isArray(value) ? (value[0] ?? "") : value;
}
