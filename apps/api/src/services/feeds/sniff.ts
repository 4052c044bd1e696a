import { FeedError } from "./errors";

export type FeedFormat = "xml" | "csv" | "json";

export interface SniffResult {
  /** `empty` when the file holds nothing but whitespace. */
  format: FeedFormat | "empty";
  /** For CSV: the delimiter found in the header line (`,` `;` tab or `|`). */
  delimiter?: string;
}

const DELIMITERS = ["\t", ";", ",", "|"] as const;

/** Whether the bytes start like a gzip file (a `.gz` feed served without Content-Encoding). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * The format of a feed, from its first bytes (the content decides, not the URL or the
 * feed type). Throws a FeedError for content that is no feed: an HTML page, a binary
 * file, UTF-16 text.
 */
export function sniffFormat(firstBytes: Uint8Array): SniffResult {
  let start = 0;
  if (firstBytes[0] === 0xef && firstBytes[1] === 0xbb && firstBytes[2] === 0xbf) start = 3;
  else if (
    (firstBytes[0] === 0xff && firstBytes[1] === 0xfe) ||
    (firstBytes[0] === 0xfe && firstBytes[1] === 0xff) ||
    (firstBytes[0] === 0x3c && firstBytes[1] === 0x00) ||
    (firstBytes[0] === 0x00 && firstBytes[1] === 0x3c)
  ) {
    throw new FeedError(
      "UNSUPPORTED_ENCODING",
      "The feed is encoded as UTF-16, which is not supported. Save it as UTF-8.",
    );
  }
  if (
    firstBytes[0] === 0x50 &&
    firstBytes[1] === 0x4b &&
    firstBytes[2] === 0x03 &&
    firstBytes[3] === 0x04
  ) {
    throw new FeedError(
      "UNSUPPORTED_FORMAT",
      "The feed is a ZIP archive; give the address of the unpacked file.",
    );
  }
  const sample = latin1(firstBytes.subarray(start, start + 64 * 1024));
  if (sample.includes("\u0000")) {
    throw new FeedError("UNSUPPORTED_FORMAT", "The feed is a binary file, not XML, CSV or JSON.");
  }
  const text = sample.trimStart();
  if (text === "") return { format: "empty" };
  const first = text[0];
  if (first === "<") {
    if (
      /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(
        text,
      )
    ) {
      throw new FeedError(
        "HTML_PAGE",
        "The address returns a web page (HTML), not a product feed. Use the address of the XML, CSV or JSON file.",
      );
    }
    return { format: "xml" };
  }
  if (first === "{" || first === "[") return { format: "json" };
  const delimiter = sniffDelimiter(headerLine(text));
  if (!delimiter) {
    throw new FeedError(
      "UNSUPPORTED_FORMAT",
      "The feed is not XML, JSON or CSV: its first line has no column separator (comma, semicolon, tab or |).",
    );
  }
  return { format: "csv", delimiter };
}

/** The header line, up to the first line break outside quotes. */
function headerLine(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) return text.slice(0, i);
  }
  return text;
}

/** The delimiter that occurs most often outside quotes (ties: tab, semicolon, comma, pipe). */
export function sniffDelimiter(line: string): string | undefined {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best: string | undefined;
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = counts.get(d)!;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

export interface EncodingInfo {
  /** A TextDecoder label: utf-8, windows-1252 or iso-8859-15. */
  encoding: string;
  /** Where it came from. */
  source: "bom" | "xml-declaration" | "content-type" | "default" | "guess";
}

const SUPPORTED_ENCODINGS = new Set(["utf-8", "windows-1252", "iso-8859-15"]);

/**
 * The character encoding of a feed: a UTF-8 byte-order mark, else the XML declaration,
 * else the Content-Type charset, else UTF-8, or Windows-1252 when the first 64 kB are
 * not valid UTF-8 (undeclared Latin-1 CSV files from spreadsheets are common). Only
 * UTF-8 and the Latin-1 family are supported; anything else is refused clearly.
 */
export function detectEncoding(
  firstBytes: Uint8Array,
  format: FeedFormat,
  contentTypeCharset?: string,
): EncodingInfo {
  if (firstBytes[0] === 0xef && firstBytes[1] === 0xbb && firstBytes[2] === 0xbf) {
    return { encoding: "utf-8", source: "bom" };
  }
  if (format === "xml") {
    const head = latin1(firstBytes.subarray(0, 1024));
    const declared = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1];
    if (declared)
      return {
        encoding: supportedEncoding(declared, "its XML declaration"),
        source: "xml-declaration",
      };
  }
  if (contentTypeCharset) {
    return {
      encoding: supportedEncoding(contentTypeCharset, "its Content-Type header"),
      source: "content-type",
    };
  }
  return isValidUtf8Prefix(firstBytes.subarray(0, 64 * 1024))
    ? { encoding: "utf-8", source: "default" }
    : { encoding: "windows-1252", source: "guess" };
}

function supportedEncoding(label: string, where: string): string {
  let canonical: string | undefined;
  try {
    canonical = new TextDecoder(label.trim()).encoding;
  } catch {
    canonical = undefined;
  }
  // "ascii" and "latin1" are windows-1252 for TextDecoder, a superset of both.
  if (!canonical || !SUPPORTED_ENCODINGS.has(canonical)) {
    throw new FeedError(
      "UNSUPPORTED_ENCODING",
      `The feed declares the character encoding "${label}" in ${where}, which is not supported. Save it as UTF-8 (or ISO-8859-1).`,
    );
  }
  return canonical;
}

function isValidUtf8Prefix(bytes: Uint8Array): boolean {
  try {
    // stream: true, so a character cut off at the end of the sample is not an error.
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}
