import { SaxesParser, type SaxesTagPlain } from "saxes";
import { FeedError } from "./errors";
import type { FeedLimits } from "./limits";
import { normalizeKey, RecordBuilder, type FeedRecord } from "./record";

/** Element names that hold one product, in RSS (item), Atom (entry) and export formats. */
const RECORD_NAMES = new Set(["item", "entry", "product", "offer"]);
/** Roots whose other children (title, link, image, author) are feed metadata, never products. */
const FEED_ROOTS = new Set(["rss", "feed", "rdf"]);
const GOOGLE_NAMESPACES = new Set([
  "http://base.google.com/ns/1.0",
  "http://base.google.com/cns/1.0",
]);

/**
 * HTML entities that turn up in feeds written by hand or by HTML-minded tools. Other
 * undeclared entities are kept literally (`&foo;`); entities declared in a DOCTYPE are
 * refused (that is how "billion laughs" and XXE attacks work).
 */
const HTML_ENTITIES: Record<string, string> = {
  nbsp: "\u00a0",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  plusmn: "±",
  times: "×",
  divide: "÷",
  micro: "µ",
  middot: "·",
  bull: "•",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  sup2: "²",
  sup3: "³",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  para: "¶",
  sect: "§",
  iexcl: "¡",
  iquest: "¿",
  szlig: "ß",
  agrave: "à",
  aacute: "á",
  acirc: "â",
  auml: "ä",
  atilde: "ã",
  aring: "å",
  aelig: "æ",
  ccedil: "ç",
  egrave: "è",
  eacute: "é",
  ecirc: "ê",
  euml: "ë",
  igrave: "ì",
  iacute: "í",
  icirc: "î",
  iuml: "ï",
  ntilde: "ñ",
  ograve: "ò",
  oacute: "ó",
  ocirc: "ô",
  ouml: "ö",
  otilde: "õ",
  oslash: "ø",
  ugrave: "ù",
  uacute: "ú",
  ucirc: "û",
  uuml: "ü",
  yacute: "ý",
  yuml: "ÿ",
  Agrave: "À",
  Aacute: "Á",
  Acirc: "Â",
  Auml: "Ä",
  Ccedil: "Ç",
  Egrave: "È",
  Eacute: "É",
  Ecirc: "Ê",
  Euml: "Ë",
  Iacute: "Í",
  Ntilde: "Ñ",
  Oacute: "Ó",
  Ouml: "Ö",
  Oslash: "Ø",
  Uacute: "Ú",
  Uuml: "Ü",
};

/** What parseXml reads from an element's name, worked out once per distinct name. */
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
}

/** Distinct element names remembered per feed (a feed of ever-new names is read, just not cached). */
const MAX_TAG_NAMES = 10_000;

/**
 * The attributes of an element without any. saxes gives every element an `Object.create(null)`
 * object, which V8 keeps as a slow dictionary: enumerating and reading it costs more than this.
 */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});

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
  /** Once it has children: its content as markup, in case it is mixed content (`Great <b>shoe</b>`). */
  markup: string;
  attributes: Record<string, string>;
}

/**
 * Streams products out of an XML feed: Google Merchant RSS 2.0 and Atom (with or without
 * the `g:` namespace declared), Channable XML exports (`<items><item>`), and other shapes
 * whose product elements are `item`, `entry`, `product` or `offer`, or else the repeated
 * children of the root (or of wrappers such as `<products>`). Each child element becomes an attribute named by its local name
 * without the Google prefix (`g:price` → `price`); nested elements become dotted keys
 * (`shipping.price`); repeated elements become lists; XML attributes become `key.attr`
 * (an empty element's `href` is its value, for Atom links). Where a product has both
 * `g:id` and a plain `id` (Atom's entry id, RSS's title and link), the `g:` value is the
 * attribute and the plain one is kept as `atom:id` / `rss:title`. Mixed content (text
 * with markup, `Great <b>shoe</b>`, or Atom `type="xhtml"`/`"html"` content) is kept as
 * its markup text; it is sanitized where it is shown as HTML.
 */
export async function* parseXml(
  texts: AsyncIterable<string>,
  limits: FeedLimits,
): AsyncGenerator<FeedRecord> {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({
    xmlns: false,
    position: true,
  });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const where = () => ` (line ${parser.line})`;
  const queue: FeedRecord[] = [];
  const googlePrefixes = new Set<string>();

  let depth = 0;
  let rootName = "";
  let events = 0;
  // One builder for every product (take() hands its record over and starts the next).
  const recordBuilder = new RecordBuilder(limits, where, { nulFree: true });
  // The current product, when inside one.
  let builder: RecordBuilder | null = null;
  let recordDepth = -1;
  let recordIsCandidate = false;
  // The open elements inside the current product: `frames[0..open)`. Frame objects are
  // reused (allocated once per depth, not once per element).
  const frames: Frame[] = [];
  let open = 0;
  // Once the first product is found, only elements with its name at its depth are products.
  let lockedName: string | null = null;
  let lockedDepth = -1;
  let pendingCandidate: { name: string; record: FeedRecord } | null = null;
  const lock = (name: string, atDepth: number) => {
    lockedName = name;
    lockedDepth = atDepth;
    pendingCandidate = null;
  };
  // Outside a product: whether every open element so far is a container (root, channel, …).
  const containerPath: boolean[] = [];

  // Per product: top-level attributes written by a plain element and by a `g:` element.
  const plainKeys = new Set<string>();
  const googleKeys = new Set<string>();
  const plainName = (key: string) => `${rootName === "feed" ? "atom" : rootName || "xml"}:${key}`;
  /** Adds a top-level element's value; on a clash between `id` and `g:id` the `g:` one wins. */
  const addTopLevel = (b: RecordBuilder, key: string, value: string, google: boolean) => {
    if (google) {
      if (plainKeys.size !== 0 && plainKeys.delete(key)) b.move(key, plainName(key));
      googleKeys.add(key);
      b.add(key, value);
    } else if (googleKeys.has(key)) {
      b.add(plainName(key), value);
    } else {
      plainKeys.add(key);
      b.add(key, value);
    }
  };

  // Element names repeat in every product: their keys are worked out once (normalizeKey,
  // trimming, slicing), and the same key strings then go into every record.
  const tagNames = new Map<string, TagName>();
  const tagName = (name: string): TagName => {
    let entry = tagNames.get(name);
    if (entry === undefined) {
      // A name from the parser can be a slice of a whole chunk of the feed's text, which it
      // would keep in memory for as long as it is cached; the entry gets a copy of its own.
      name = JSON.parse(JSON.stringify(name)) as string;
      const key = normalizeKey(name, googlePrefixes);
      const local = localName(name);
      entry = {
        name,
        key,
        local,
        lowerLocal: local.toLowerCase(),
        google: key !== name.trim(),
        parentPath: "",
        path: "",
      };
      if (tagNames.size < MAX_TAG_NAMES) tagNames.set(name, entry);
    }
    return entry;
  };
  // Products mostly repeat the same elements in the same order: the n-th element of the last
  // product is compared first (the name as text, cheaper than hashing it for the map).
  const sequence: TagName[] = [];
  let elementIndex = 0;
  const recordTagName = (name: string): TagName => {
    const previous = sequence[elementIndex];
    if (previous !== undefined && previous.name === name) {
      elementIndex++;
      return previous;
    }
    const entry = tagName(name);
    if (elementIndex < MAX_TAG_NAMES) sequence[elementIndex] = entry;
    elementIndex++;
    return entry;
  };

  const startRecord = (tag: SaxesTagPlain, candidate: boolean) => {
    recordBuilder.take();
    builder = recordBuilder;
    elementIndex = 0;
    plainKeys.clear();
    googleKeys.clear();
    recordDepth = depth;
    recordIsCandidate = candidate;
    open = 0;
    for (const name in tag.attributes) {
      if (!isNamespaceDeclaration(name))
        builder.add(normalizeKey(name, googlePrefixes), tag.attributes[name]!);
    }
  };

  // Few handlers on purpose: saxes stores each as a property of the parser object, and past
  // seven of them V8 turns the object into a slow dictionary (every property read in its
  // state machine ~5× slower). So no handlers that only count (xmldecl, processing
  // instructions); the comment one stays so a long comment is not taken for a runaway token.
  parser.on("comment", () => events++);
  parser.on("doctype", (doctype) => {
    events++;
    if (/<!ENTITY/i.test(doctype)) {
      throw new FeedError(
        "ENTITIES_REFUSED",
        "The feed declares XML entities in a DOCTYPE, which is refused for safety. Remove the DOCTYPE.",
      );
    }
  });
  parser.on("error", (error) => {
    // Undeclared entities (`&foo;`) and invalid character references are kept as written.
    if (/undefined entity|malformed character entity/.test(error.message)) return;
    throw new FeedError(
      "PARSE_ERROR",
      `The XML feed is malformed: ${describeSaxError(error.message)}.`,
      {
        cause: error,
      },
    );
  });

  parser.on("opentag", (tag) => {
    events++;
    depth++;
    if (depth > limits.maxDepth) {
      throw new FeedError(
        "TOO_DEEP",
        `The XML feed nests elements more than ${limits.maxDepth} deep${where()}.`,
      );
    }
    let hasAttributes = false;
    for (const name in tag.attributes) {
      hasAttributes = true;
      if (name.startsWith("xmlns:") && GOOGLE_NAMESPACES.has(tag.attributes[name]!)) {
        const prefix = name.slice(6);
        if (googlePrefixes.has(prefix)) continue;
        googlePrefixes.add(prefix);
        // Names with this prefix have other keys from here on.
        tagNames.clear();
        sequence.length = 0;
      }
    }
    const attributes = hasAttributes ? tag.attributes : NO_ATTRIBUTES;
    const names = builder === null ? tagName(tag.name) : recordTagName(tag.name);
    const local = names.local;
    if (depth === 1) rootName = names.lowerLocal;

    if (builder !== null) {
      if (recordIsCandidate && RECORD_NAMES.has(names.lowerLocal)) {
        // What looked like a product was a container of real products.
        startRecord(tag, false);
        return;
      }
      const parent = open > 0 ? frames[open - 1] : undefined;
      const key = names.key;
      if (parent && !parent.hasChildren) {
        parent.hasChildren = true;
        parent.markup = escapeText(parent.text);
      }
      let frame = frames[open];
      if (frame === undefined) {
        frame = {
          name: "",
          path: "",
          google: false,
          text: "",
          hasChildren: false,
          markup: "",
          attributes,
        };
        frames.push(frame);
      }
      open++;
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
      frame.markup = "";
      frame.attributes = attributes;
      return;
    }

    const allContainers = containerPath.every(Boolean);
    if (lockedName !== null) {
      if (local === lockedName && depth === lockedDepth) return startRecord(tag, false);
    } else if (depth >= 2 && RECORD_NAMES.has(names.lowerLocal)) {
      return startRecord(tag, false);
    } else if (
      depth >= 2 &&
      allContainers &&
      !FEED_ROOTS.has(rootName) &&
      !isContainerName(local)
    ) {
      return startRecord(tag, true);
    }
    containerPath.push(depth === 1 || (allContainers && isContainerName(local)));
  });

  const onText = (text: string) => {
    events++;
    if (builder === null || open === 0) return;
    const frame = frames[open - 1]!;
    builder.count(text.length);
    frame.text += text;
    if (frame.hasChildren) frame.markup += escapeText(text);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);

  parser.on("closetag", (tag) => {
    events++;
    const closingDepth = depth;
    depth--;
    if (builder === null) {
      containerPath.pop();
      return;
    }
    if (closingDepth === recordDepth) {
      const record = builder.take();
      const name = tagName(tag.name).local;
      builder = null;
      if (!recordIsCandidate) {
        if (lockedName === null) lock(name, recordDepth);
        queue.push(record);
      } else if (Object.keys(record).length > 0) {
        // A guessed product counts once a second sibling of the same name confirms it
        // (so a one-off <header> or <info> block is not taken for a product).
        if (pendingCandidate?.name === name) {
          queue.push(pendingCandidate.record, record);
          pendingCandidate = null;
          lock(name, recordDepth);
        } else pendingCandidate = { name, record };
      }
      return;
    }
    const frame = frames[--open]!;
    const parent = open > 0 ? frames[open - 1] : undefined;
    const path = frame.path;
    // (No closure per element here: this runs for every element of the feed.)
    const b: RecordBuilder = builder;
    if (parent) {
      // The parent's markup, should it turn out to be mixed content.
      const markup = `<${frame.name}${serializeAttributes(frame.attributes)}>${frame.hasChildren ? frame.markup : escapeText(frame.text)}</${frame.name}>`;
      builder.count(markup.length);
      parent.markup += markup;
    }
    let hrefUsed = false;
    if (!frame.hasChildren) {
      let value = frame.text.trim();
      if (value === "" && frame.attributes.href !== undefined) {
        value = frame.attributes.href;
        hrefUsed = true;
      }
      if (parent) b.add(path, value);
      else addTopLevel(b, path, value, frame.google);
    } else if (frame.text.trim() !== "" || isMarkupContent(frame.attributes)) {
      // Text with markup in it (`Great <b>shoe</b> for trails`): one value, the markup as
      // text, instead of the children's dotted attributes (`description.b`).
      builder.removePrefix(`${path}.`);
      if (parent) b.add(path, frame.markup.trim());
      else addTopLevel(b, path, frame.markup.trim(), frame.google);
    }
    for (const name in frame.attributes) {
      if ((name === "href" && hrefUsed) || isNamespaceDeclaration(name)) continue;
      const key = `${path}.${normalizeKey(name, googlePrefixes)}`;
      if (parent) b.add(key, frame.attributes[name]!);
      else addTopLevel(b, key, frame.attributes[name]!, frame.google);
    }
  });

  let charsWithoutEvent = 0;
  for await (const text of escapeBareAmpersands(texts)) {
    const before = events;
    parser.write(text);
    if (events === before) {
      charsWithoutEvent += text.length;
      if (charsWithoutEvent > limits.maxTokenChars) {
        throw new FeedError(
          "RECORD_TOO_LARGE",
          `The XML feed has a single value or tag longer than ${Math.round(limits.maxTokenChars / 1024 / 1024)} MB${where()}; the file is probably malformed.`,
        );
      }
    } else charsWithoutEvent = 0;
    // A loop, not `yield*`: delegating to an array from an async generator goes through an
    // async wrapper of the array's iterator (a further promise per product).
    if (queue.length > 0) for (const record of queue.splice(0)) yield record;
  }
  parser.close();
  if (queue.length > 0) for (const record of queue.splice(0)) yield record;
  // A single guessed product with nothing like it after it: a one-product feed.
  const last = pendingCandidate as { record: FeedRecord } | null;
  if (last !== null) yield last.record;
}

/** Atom text constructs whose content is markup: `<content type="xhtml">`, `type="html"`. */
function isMarkupContent(attributes: Record<string, string>): boolean {
  const type = attributes.type?.toLowerCase();
  return type === "xhtml" || type === "html";
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

function describeSaxError(message: string): string {
  // saxes: "12:7: unclosed tag: item" → "line 12, column 7: unclosed tag: item"
  const match = /^(\d+):(\d+): (.*)$/s.exec(message);
  return match ? `line ${match[1]}, column ${match[2]}: ${match[3]!.replace(/\.$/, "")}` : message;
}

/**
 * XML forbids a bare `&` ("Tom & Jerry"), but feeds contain it; the parser would then
 * misread the rest of the file. A bare `&` outside CDATA sections and comments is
 * escaped as `&amp;` before parsing. References (`&amp;`, `&#233;`, `&nbsp;`) are left.
 */
export async function* escapeBareAmpersands(texts: AsyncIterable<string>): AsyncGenerator<string> {
  let inCdata = false;
  let inComment = false;
  let carry = "";
  // Sticky: tested at the character after the `&`, without slicing the text.
  const reference = /(?:#[0-9]{1,8}|#x[0-9a-fA-F]{1,8}|[A-Za-z_:][\w.:-]{0,31});/y;
  const LOOKAHEAD = 42;

  // Feeds rarely hold a bare `&`: the text is only copied when one is escaped, and otherwise
  // passed on as it came (or a slice of it when its end waits for the next text).
  const escape = (input: string, final: boolean): string => {
    const s = carry === "" ? input : carry + input;
    carry = "";
    let out = "";
    // s[flushed, …) is not in `out` yet.
    let flushed = 0;
    let i = 0;
    // Next positions of "&" and "<!" at or after i (-2: not searched yet), kept between
    // iterations so a text is scanned once.
    let amp = -2;
    let bang = -2;
    while (i < s.length) {
      if (inCdata || inComment) {
        const end = s.indexOf(inCdata ? "]]>" : "-->", i);
        if (end === -1) {
          const keep = final ? s.length : Math.max(i, s.length - 2);
          carry = s.slice(keep);
          return out + s.slice(flushed, keep);
        }
        i = end + 3;
        inCdata = inComment = false;
        continue;
      }
      if (amp !== -1 && amp < i) amp = s.indexOf("&", i);
      if (bang !== -1 && bang < i) bang = s.indexOf("<!", i);
      if (amp === -1 && bang === -1) break;
      const isAmp = bang === -1 || (amp !== -1 && amp < bang);
      const k = isAmp ? amp : bang;
      if (!final && s.length - k < (isAmp ? LOOKAHEAD : 9)) {
        carry = s.slice(k);
        return out + s.slice(flushed, k);
      }
      if (!isAmp) {
        const cdata = s.startsWith("<![CDATA[", k);
        const comment = !cdata && s.startsWith("<!--", k);
        i = k + (cdata ? 9 : comment ? 4 : 2);
        inCdata = cdata;
        inComment = comment;
        continue;
      }
      i = k + 1;
      reference.lastIndex = i;
      if (!reference.test(s)) {
        out += `${s.slice(flushed, i)}amp;`;
        flushed = i;
      }
    }
    return flushed === 0 ? s : out + s.slice(flushed);
  };

  for await (const text of texts) {
    const out = escape(text, false);
    if (out) yield out;
  }
  const out = escape("", true);
  if (out) yield out;
}
