import { trimText } from "@floow/domain/shared";
import type { SaxesTagPlain } from "saxes";
import type { FeedLimits } from "./limits";
import { normalizeKey, RecordBuilder, type FeedRecord } from "./record";

/*
 * The record builder of the XML parser: which elements are products, and how a product's
 * elements become a record's attributes. It sees elements as the SAX frame (xml.ts) hands them
 * over (opened at a depth, text, closed) and knows nothing of the parser, its errors or the
 * stream's limits; split from the frame so the rules a merchant meets (docs/feeds.md, "XML")
 * read on their own, in one place.
 */

/** Element names that hold one product, in RSS (item), Atom (entry) and export formats. */
const RECORD_NAMES = new Set(["item", "entry", "product", "offer"]);
/** Roots whose other children (title, link, image, author) are feed metadata, never products. */
const FEED_ROOTS = new Set(["rss", "feed", "rdf"]);
const GOOGLE_NAMESPACES = new Set([
  "http://base.google.com/ns/1.0",
  "http://base.google.com/cns/1.0",
]);

/** What the reader works out from an element's name, once per distinct name. */
interface TagName {
  /** The name as written. */
  name: string;
  /** The attribute name (`g:price` → `price`). */
  key: string;
  /** Without any prefix (`g:price` → `price`, `atom:link` → `link`). */
  local: string;
  lowerLocal: string;
  /** Whether a Google prefix was dropped (`g:id`, not `id`). */
  google: boolean;
  /** The last dotted path built for this element inside a parent (`shipping` → `shipping.price`). */
  parentPath: string;
  path: string;
  /** Where the product's attribute of this key says who wrote it (see addTopLevel). */
  slot: KeySlot;
}

/**
 * Which kind of element wrote a top-level attribute of the current product: the number of the
 * product in which a plain element (`id`) and a `g:` element (`g:id`) last did. One object per
 * key, remembered by the element names, so most products need no set of keys of their own.
 */
interface KeySlot {
  plain: number;
  google: number;
}

/** Distinct element names remembered per feed (a feed of ever-new names is read, just not cached). */
const MAX_TAG_NAMES = 10_000;
/** Distinct attribute keys remembered per feed (past this, forgotten between two products). */
const MAX_KEY_SLOTS = 20_000;

/** Entries of the markup log kept from one product to the next (more are let go). */
const MAX_LOG_KEPT = 4096;
/** What an entry of the markup log is (XmlRecordReader.log). */
const TEXT = 0;
const OPEN = 1;
const ATTRIBUTES = 2;
const CLOSE = 3;

/**
 * The attributes of an element without any. saxes gives every element an `Object.create(null)`
 * object, which V8 keeps as a slow dictionary: enumerating and reading it costs more than this.
 */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});

/** An open element inside the current product. */
interface Frame {
  /** The element's name as written (`g:description`). */
  name: string;
  /** The dotted path of this element inside the product (`shipping.price`). */
  path: string;
  /** Whether the element's own name had a Google prefix (`g:id`, not `id`). */
  google: boolean;
  /** All text directly inside the element (between its children too). */
  text: string;
  hasChildren: boolean;
  /**
   * Once it has children: where its content starts in the markup log, and the length of that
   * content as markup (what the limits count), in case it is mixed content (`Great <b>shoe</b>`).
   */
  logStart: number;
  markupLength: number;
  attributes: Record<string, string>;
  slot: KeySlot;
}

/**
 * Turns XML elements into product records (docs/feeds.md, "XML"): products are `item`,
 * `entry`, `product` or `offer` elements, or else the repeated children of the root (or of
 * wrappers such as `<products>`). Each child element becomes an attribute named by its
 * local name without the Google prefix (`g:price` → `price`); nested elements become dotted
 * keys (`shipping.price`); repeated elements become lists; XML attributes become
 * `key.attr` (an empty element's `href` is its value, for Atom links). Where a product has
 * both `g:id` and a plain `id` (Atom's entry id, RSS's title and link), the `g:` value is
 * the attribute and the plain one is kept as `atom:id` / `rss:title`. Mixed content (text
 * with markup, `Great <b>shoe</b>`, or Atom `type="xhtml"`/`"html"` content) is kept as its
 * markup text; it is sanitized where it is shown as HTML. Finished products wait in `queue`.
 */
export class XmlRecordReader {
  /** Products finished and not yet taken by the frame. */
  readonly queue: FeedRecord[] = [];

  private readonly googlePrefixes = new Set<string>();
  private rootName = "";
  // One builder for every product (take() hands its record over and starts the next).
  private readonly recordBuilder: RecordBuilder;
  // The current product, when inside one.
  private builder: RecordBuilder | null = null;
  private recordDepth = -1;
  private recordIsCandidate = false;
  // The open elements inside the current product: `frames[0..open)`. Frame objects are
  // reused (allocated once per depth, not once per element).
  private readonly frames: Frame[] = [];
  private open = 0;
  // Once the first product is found, only elements with its name at its depth are products.
  private lockedName: string | null = null;
  private lockedDepth = -1;
  private pendingCandidate: { name: string; record: FeedRecord } | null = null;
  // Outside a product: whether every open element so far is a container (root, channel, …).
  private readonly containerPath: boolean[] = [];
  // Top-level attributes written by a plain element and by a `g:` element, per key (addTopLevel).
  private readonly keySlots = new Map<string, KeySlot>();
  private recordNumber = 0;
  // The content of the current top-level element once it has children, in order: texts,
  // names and attributes of elements opened, names of elements closed (kind in logKinds). An
  // element's markup is written from it only when it turns out to be mixed content, instead
  // of for every nested element in case it is.
  // Entries past logLength are left over from earlier elements (an array's length is slow to set).
  private log: (string | Record<string, string>)[] = [];
  private logKinds: number[] = [];
  private logLength = 0;
  // Element names repeat in every product: their keys are worked out once (normalizeKey,
  // trimming, slicing), and the same key strings then go into every record.
  private readonly tagNames = new Map<string, TagName>();
  // Products mostly repeat the same elements in the same order: the n-th element of the last
  // product is compared first (the name as text, cheaper than hashing it for the map).
  private readonly sequence: TagName[] = [];
  private elementIndex = 0;

  /** `where` says where the parser is, for the limits' messages (` (line 12)`). */
  constructor(limits: FeedLimits, where: () => string) {
    this.recordBuilder = new RecordBuilder(limits, where, { nulFree: true });
  }

  /** An element opened at `depth` (the root is 1). */
  openElement(tag: SaxesTagPlain, depth: number): void {
    let hasAttributes = false;
    for (const name in tag.attributes) {
      hasAttributes = true;
      if (name.startsWith("xmlns:") && GOOGLE_NAMESPACES.has(tag.attributes[name]!)) {
        const prefix = name.slice(6);
        if (this.googlePrefixes.has(prefix)) continue;
        this.googlePrefixes.add(prefix);
        // Names with this prefix have other keys from here on.
        this.tagNames.clear();
        this.sequence.length = 0;
      }
    }
    const attributes = hasAttributes ? tag.attributes : NO_ATTRIBUTES;
    const names = this.builder === null ? this.tagName(tag.name) : this.recordTagName(tag.name);
    const local = names.local;
    if (depth === 1) this.rootName = names.lowerLocal;

    if (this.builder !== null) {
      if (this.recordIsCandidate && RECORD_NAMES.has(names.lowerLocal)) {
        // What looked like a product was a container of real products.
        this.startRecord(tag, depth, false);
        return;
      }
      const frames = this.frames;
      const parent = this.open > 0 ? frames[this.open - 1] : undefined;
      const key = names.key;
      if (parent && !parent.hasChildren) {
        parent.hasChildren = true;
        parent.markupLength = escapedLength(parent.text);
        if (this.open === 1) {
          // A nested element's texts are logged as they come; a top-level one's from here on.
          parent.logStart = this.logLength;
          if (parent.text !== "") this.logEntry(TEXT, parent.text);
        }
      }
      if (parent) {
        this.logEntry(OPEN, tag.name);
        if (attributes !== NO_ATTRIBUTES) this.logEntry(ATTRIBUTES, attributes);
      }
      let frame = frames[this.open];
      if (frame === undefined) {
        frame = {
          name: "",
          path: "",
          google: false,
          text: "",
          hasChildren: false,
          logStart: 0,
          markupLength: 0,
          attributes,
          slot: names.slot,
        };
        frames.push(frame);
      }
      this.open++;
      frame.name = tag.name;
      if (parent === undefined) frame.path = key;
      else {
        // The same string as in the last product, so the record's keys stay the same strings.
        if (names.parentPath !== parent.path) {
          names.parentPath = parent.path;
          names.path = `${parent.path}.${key}`;
        }
        frame.path = names.path;
      }
      frame.google = names.google;
      frame.text = "";
      frame.hasChildren = false;
      frame.logStart = this.logLength;
      frame.markupLength = 0;
      frame.attributes = attributes;
      frame.slot = names.slot;
      return;
    }

    const allContainers = this.containerPath.every(Boolean);
    if (this.lockedName !== null) {
      if (local === this.lockedName && depth === this.lockedDepth) {
        this.startRecord(tag, depth, false);
        return;
      }
    } else if (depth >= 2 && RECORD_NAMES.has(names.lowerLocal)) {
      this.startRecord(tag, depth, false);
      return;
    } else if (
      depth >= 2 &&
      allContainers &&
      !FEED_ROOTS.has(this.rootName) &&
      !isContainerName(local)
    ) {
      this.startRecord(tag, depth, true);
      return;
    }
    this.containerPath.push(depth === 1 || (allContainers && isContainerName(local)));
  }

  /** Text or CDATA directly inside the innermost open element. */
  text(text: string): void {
    if (this.builder === null || this.open === 0) return;
    const frame = this.frames[this.open - 1]!;
    this.builder.count(text.length);
    frame.text += text;
    if (frame.hasChildren) frame.markupLength += escapedLength(text);
    if (frame.hasChildren || this.open > 1) this.logEntry(TEXT, text);
  }

  /** The element opened at `depth` closed. */
  closeElement(tag: SaxesTagPlain, depth: number): void {
    const b = this.builder;
    if (b === null) {
      this.containerPath.pop();
      return;
    }
    if (depth === this.recordDepth) {
      this.endRecord(this.tagName(tag.name).local, b.take());
      return;
    }
    const frame = this.frames[--this.open]!;
    const parent = this.open > 0 ? this.frames[this.open - 1] : undefined;
    const path = frame.path;
    if (parent) {
      // The length of this element's markup in its parent's, should that be mixed content.
      const markupLength =
        2 * frame.name.length +
        5 +
        (frame.attributes === NO_ATTRIBUTES ? 0 : serializeAttributes(frame.attributes).length) +
        (frame.hasChildren ? frame.markupLength : escapedLength(frame.text));
      b.count(markupLength);
      parent.markupLength += markupLength;
      this.logEntry(CLOSE, frame.name);
    }
    let hrefUsed = false;
    if (!frame.hasChildren) {
      let value = trimText(frame.text);
      if (value === "" && frame.attributes.href !== undefined) {
        value = frame.attributes.href;
        hrefUsed = true;
      }
      if (parent) b.add(path, value);
      else this.addTopLevel(b, path, value, frame.google, frame.slot);
    } else if (trimText(frame.text) !== "" || isMarkupContent(frame.attributes)) {
      // Text with markup in it (`Great <b>shoe</b> for trails`): one value, the markup as
      // text, instead of the children's dotted attributes (`description.b`).
      b.removePrefix(`${path}.`);
      const markup = this.markup(frame.logStart, parent ? this.logLength - 1 : this.logLength);
      if (parent) b.add(path, markup.trim());
      else this.addTopLevel(b, path, markup.trim(), frame.google, frame.slot);
    }
    if (!parent) {
      // The next top-level element starts a log of its own.
      this.logLength = 0;
    }
    if (frame.attributes === NO_ATTRIBUTES) return;
    for (const name in frame.attributes) {
      if ((name === "href" && hrefUsed) || isNamespaceDeclaration(name)) continue;
      const key = `${path}.${normalizeKey(name, this.googlePrefixes)}`;
      if (parent) b.add(key, frame.attributes[name]!);
      else this.addTopLevel(b, key, frame.attributes[name]!, frame.google, this.keySlot(key));
    }
  }

  /** At the end of the document: a single guessed product with nothing like it after it (a one-product feed). */
  finish(): FeedRecord | null {
    return this.pendingCandidate?.record ?? null;
  }

  private startRecord(tag: SaxesTagPlain, depth: number, candidate: boolean): void {
    this.recordBuilder.take();
    const builder = (this.builder = this.recordBuilder);
    this.elementIndex = 0;
    this.recordNumber++;
    if (this.keySlots.size > MAX_KEY_SLOTS) {
      // A feed of ever-new keys: the slots start again (and the names that hold them).
      this.keySlots.clear();
      this.tagNames.clear();
      this.sequence.length = 0;
    }
    this.logLength = 0;
    if (this.log.length > MAX_LOG_KEPT) {
      // An outsized product's log is not kept for the rest of the feed.
      this.log = [];
      this.logKinds = [];
    }
    this.recordDepth = depth;
    this.recordIsCandidate = candidate;
    this.open = 0;
    for (const name in tag.attributes) {
      if (!isNamespaceDeclaration(name))
        builder.add(normalizeKey(name, this.googlePrefixes), tag.attributes[name]!);
    }
  }

  private endRecord(name: string, record: FeedRecord): void {
    this.builder = null;
    if (!this.recordIsCandidate) {
      if (this.lockedName === null) this.lock(name, this.recordDepth);
      this.queue.push(record);
    } else if (Object.keys(record).length > 0) {
      // A guessed product counts once a second sibling of the same name confirms it
      // (so a one-off <header> or <info> block is not taken for a product).
      if (this.pendingCandidate?.name === name) {
        this.queue.push(this.pendingCandidate.record, record);
        this.lock(name, this.recordDepth);
      } else this.pendingCandidate = { name, record };
    }
  }

  private lock(name: string, atDepth: number): void {
    this.lockedName = name;
    this.lockedDepth = atDepth;
    this.pendingCandidate = null;
  }

  /** Adds a top-level element's value; on a clash between `id` and `g:id` the `g:` one wins. */
  private addTopLevel(
    b: RecordBuilder,
    key: string,
    value: string,
    google: boolean,
    slot: KeySlot,
  ): void {
    const n = this.recordNumber;
    if (google) {
      if (slot.plain === n) {
        slot.plain = 0;
        b.move(key, this.plainName(key));
      }
      slot.google = n;
      b.add(key, value);
    } else if (slot.google === n) {
      b.add(this.plainName(key), value);
    } else {
      slot.plain = n;
      b.add(key, value);
    }
  }

  private keySlot(key: string): KeySlot {
    let slot = this.keySlots.get(key);
    if (slot === undefined) {
      slot = { plain: 0, google: 0 };
      this.keySlots.set(key, slot);
    }
    return slot;
  }

  private logEntry(kind: number, entry: string | Record<string, string>): void {
    const i = this.logLength++;
    if (i === this.log.length) {
      this.logKinds.push(kind);
      this.log.push(entry);
    } else {
      this.logKinds[i] = kind;
      this.log[i] = entry;
    }
  }

  /** The markup of the log's entries [from, to). */
  private markup(from: number, to: number): string {
    const log = this.log;
    const kinds = this.logKinds;
    let out = "";
    for (let i = from; i < to; i++) {
      const entry = log[i]!;
      switch (kinds[i]) {
        case TEXT:
          out += escapeText(entry as string);
          break;
        case OPEN:
          out += `<${entry as string}`;
          if (i + 1 < to && kinds[i + 1] === ATTRIBUTES)
            out += serializeAttributes(log[++i] as Record<string, string>);
          out += ">";
          break;
        case CLOSE:
          out += `</${entry as string}>`;
          break;
      }
    }
    return out;
  }

  private plainName(key: string): string {
    const root = this.rootName;
    return `${root === "feed" ? "atom" : root || "xml"}:${key}`;
  }

  private tagName(name: string): TagName {
    let entry = this.tagNames.get(name);
    if (entry === undefined) {
      // A name from the parser can be a slice of a whole chunk of the feed's text, which it
      // would keep in memory for as long as it is cached; the entry gets a copy of its own.
      name = JSON.parse(JSON.stringify(name)) as string;
      const key = normalizeKey(name, this.googlePrefixes);
      const local = localName(name);
      entry = {
        name,
        key,
        local,
        lowerLocal: local.toLowerCase(),
        google: key !== name.trim(),
        parentPath: "",
        path: "",
        slot: this.keySlot(key),
      };
      if (this.tagNames.size < MAX_TAG_NAMES) this.tagNames.set(name, entry);
    }
    return entry;
  }

  private recordTagName(name: string): TagName {
    const previous = this.sequence[this.elementIndex];
    if (previous !== undefined && previous.name === name) {
      this.elementIndex++;
      return previous;
    }
    const entry = this.tagName(name);
    if (this.elementIndex < MAX_TAG_NAMES) this.sequence[this.elementIndex] = entry;
    this.elementIndex++;
    return entry;
  }
}

/** Atom text constructs whose content is markup: `<content type="xhtml">`, `type="html"`. */
function isMarkupContent(attributes: Record<string, string>): boolean {
  const type = attributes.type?.toLowerCase();
  return type === "xhtml" || type === "html";
}

/** The length of escapeText(text). */
function escapedLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 38) length += 4;
    else if (c === 60 || c === 62) length += 3;
  }
  return length;
}

function escapeText(text: string): string {
  // Most values have nothing to escape: a loop is cheaper than the regular expression there.
  let plain = true;
  for (let i = 0; i < text.length && plain; i++) {
    const c = text.charCodeAt(i);
    plain = c !== 38 && c !== 60 && c !== 62;
  }
  if (plain) return text;
  return text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

function serializeAttributes(attributes: Record<string, string>): string {
  let out = "";
  for (const name in attributes)
    out += ` ${name}="${escapeText(attributes[name]!).replace(/"/g, "&quot;")}"`;
  return out;
}

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

function isNamespaceDeclaration(name: string): boolean {
  return name === "xmlns" || name.startsWith("xmlns:");
}

/** Elements that wrap products rather than being one (`channel`, `products`, `items`, …). */
function isContainerName(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower === "channel" ||
    lower === "catalog" ||
    lower === "shop" ||
    lower === "data" ||
    /s$/.test(lower)
  );
}
