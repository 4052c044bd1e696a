import { SaxesParser } from "saxes";
import { FeedError } from "./errors";
import type { FeedLimits } from "./limits";
import type { FeedRecord } from "./record";
import { XmlRecordReader } from "./xml-records";
import { escapeBareAmpersands, HTML_ENTITIES } from "./xml-text";

/*
 * The SAX frame of the XML parser: saxes, its events, the depth of the open elements and the
 * limits a hostile file meets (entities, nesting, one endless token), and the stream of text
 * in and products out. Which elements are products and what a product's record holds is the
 * record builder's business (xml-records.ts): split so each reads in a few minutes, and a
 * change to the product rules cannot loosen a limit by accident.
 */

/**
 * Streams products out of an XML feed: Google Merchant RSS 2.0 and Atom (with or without
 * the `g:` namespace declared), Channable XML exports (`<items><item>`), and other shapes
 * (the rules: XmlRecordReader). Memory stays at about one chunk plus one product.
 *
 * The products come in the groups one write to the parser finishes (some 40 of a Google feed
 * per 30,000-byte slice, DECODE_SLICE), not one by one: each value an async generator yields is a promise and a
 * turn of the microtask queue for its reader (about 25 ms per 100,000 products, which the
 * import's loop over the groups saves; openFeed's `records` takes them apart for other readers).
 */
export async function* parseXml(
  texts: AsyncIterable<string>,
  limits: FeedLimits,
): AsyncGenerator<FeedRecord[]> {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({
    xmlns: false,
    position: true,
  });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const where = () => ` (line ${parser.line})`;
  const reader = new XmlRecordReader(limits, where);
  const queue = reader.queue;
  let depth = 0;
  // Events seen so far: a write that brings none is part of one runaway token.
  let events = 0;

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
    reader.openElement(tag, depth);
  });
  const onText = (text: string) => {
    events++;
    reader.text(text);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", (tag) => {
    events++;
    reader.closeElement(tag, depth);
    depth--;
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
    if (queue.length > 0) yield queue.splice(0);
  }
  parser.close();
  const last = reader.finish();
  if (last !== null) queue.push(last);
  if (queue.length > 0) yield queue.splice(0);
}

function describeSaxError(message: string): string {
  // saxes: "12:7: unclosed tag: item" → "line 12, column 7: unclosed tag: item"
  const match = /^(\d+):(\d+): (.*)$/s.exec(message);
  return match ? `line ${match[1]}, column ${match[2]}: ${match[3]!.replace(/\.$/, "")}` : message;
}
