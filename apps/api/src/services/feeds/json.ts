import { FeedError } from "./errors";
import type { FeedLimits } from "./limits";

/**
 * Streams the product objects out of a JSON feed without holding the whole document:
 * the elements of the first array of objects found walking down from the top (a top-level
 * array, or `{"products": [...]}`, or `{"data": {"items": [...]}}`). Other values are
 * skipped as they stream past. Each element is parsed on its own, up to the record limit.
 */
export async function* parseJsonObjects(
  texts: AsyncIterable<string>,
  limits: FeedLimits,
): AsyncGenerator<unknown> {
  // Containers open on the path to the products array: "{" or "[".
  const stack: string[] = [];
  // "tail": after the products array, checking only that the document is complete.
  type Mode = "seek" | "decide" | "between" | "element" | "skip-value" | "tail";
  let mode: Mode = "seek";
  let skipDepth = -1;
  let inString = false;
  let escaped = false;
  // The element being captured.
  let parts: string[] = [];
  let partStart = 0;
  let elementDepth = 0;
  let elementChars = 0;
  let elementIndex = 0;
  // Whether an empty array was seen: `[]` or `{"products": []}` is an empty feed, while a
  // document without any array (`{"error": "…"}`) is not a feed at all.
  let sawEmptyArray = false;
  const queue: unknown[] = [];
  const stringEnd = /["\\]/g;

  const push = (c: string) => {
    stack.push(c);
    if (stack.length > limits.maxDepth) {
      throw new FeedError(
        "TOO_DEEP",
        `The JSON feed nests more than ${limits.maxDepth} levels deep.`,
      );
    }
  };

  const finishElement = (text: string) => {
    elementIndex++;
    try {
      queue.push(JSON.parse(text));
    } catch (error) {
      throw new FeedError(
        "PARSE_ERROR",
        `The JSON feed is malformed: product ${elementIndex} is not valid JSON (${(error as Error).message}).`,
        { cause: error },
      );
    }
  };

  for await (const chunk of texts) {
    let i = 0;
    if (mode === "element") partStart = 0;
    while (i < chunk.length) {
      if (inString) {
        // Jump to the next quote or backslash.
        if (escaped) {
          escaped = false;
          i++;
          continue;
        }
        stringEnd.lastIndex = i;
        const m = stringEnd.exec(chunk);
        if (!m) break; // the string goes on in the next chunk
        i = m.index + 1;
        if (m[0] === "\\") escaped = true;
        else inString = false;
        continue;
      }
      const c = chunk[i]!;
      i++;
      if (c === " " || c === "\n" || c === "\r" || c === "\t") continue;
      switch (mode) {
        case "element":
          if (c === '"') inString = true;
          else if (c === "{" || c === "[") {
            // Checked here, while streaming: a product nested 200,000 levels deep would
            // otherwise reach JSON.parse and the flattening as a whole.
            if (++elementDepth + stack.length > limits.maxDepth) {
              throw new FeedError(
                "TOO_DEEP",
                `Product ${elementIndex + 1} of the JSON feed nests more than ${limits.maxDepth} levels deep.`,
              );
            }
          } else if (c === "}" || c === "]") {
            elementDepth--;
            if (elementDepth === 0) {
              parts.push(chunk.slice(partStart, i));
              finishElement(parts.join(""));
              parts = [];
              elementChars = 0;
              mode = "between";
            }
          }
          break;
        case "between":
          if (c === "{") {
            mode = "element";
            elementDepth = 1;
            partStart = i - 1;
          } else if (c === "]") {
            stack.pop();
            mode = "tail";
          } else if (c !== ",") {
            // A value that is not an object in the products array: skip it.
            mode = "skip-value";
            skipDepth = stack.length;
            if (c === '"') inString = true;
            else if (c === "[" || c === "{") push(c);
          }
          break;
        case "skip-value":
          if (c === '"') inString = true;
          else if (c === "{" || c === "[") push(c);
          else if ((c === "}" || c === "]") && stack.length > skipDepth) stack.pop();
          else if (stack.length === skipDepth && (c === "," || c === "]")) {
            if (c === "]") stack.pop();
            mode = c === "]" ? "tail" : "between";
          }
          break;
        case "tail":
          if (c === '"') inString = true;
          else if (c === "{" || c === "[") push(c);
          else if (c === "}" || c === "]") stack.pop();
          break;
        case "decide":
          // Just inside an array: its first value decides whether it holds the products.
          if (c === "{") {
            mode = "element";
            elementDepth = 1;
            partStart = i - 1;
          } else if (c === "]") {
            stack.pop();
            sawEmptyArray = true;
            mode = "seek";
          } else {
            // An array of something else (tags, numbers): keep looking inside and after it.
            mode = "seek";
            if (c === '"') inString = true;
            else if (c === "[") {
              push(c);
              mode = "decide";
            }
          }
          break;
        case "seek":
          if (c === '"') inString = true;
          else if (c === "{") push(c);
          else if (c === "[") {
            push(c);
            mode = "decide";
          } else if (c === "}" || c === "]") stack.pop();
          break;
      }
    }
    if (mode === "element") {
      parts.push(chunk.slice(partStart));
      elementChars += chunk.length - partStart;
    }
    if (mode === "element" && elementChars > limits.maxRecordChars) {
      throw new FeedError(
        "RECORD_TOO_LARGE",
        `A product in the JSON feed is larger than ${Math.round(limits.maxRecordChars / 1024 / 1024)} MB; the file is probably malformed.`,
      );
    }
    if (queue.length > 0) yield* queue.splice(0);
  }
  if (mode === "element") {
    throw new FeedError(
      "PARSE_ERROR",
      "The JSON feed ends in the middle of a product; the file is incomplete.",
    );
  }
  // A cut-off file must not pass for a shorter feed: the refresh would replace the
  // catalogue with the products read so far.
  if (mode === "between" || mode === "skip-value") {
    throw new FeedError(
      "PARSE_ERROR",
      `The JSON feed ends before its list of products is closed (after product ${elementIndex}); the file is incomplete.`,
    );
  }
  if (inString || stack.length > 0) {
    throw new FeedError(
      "PARSE_ERROR",
      "The JSON feed ends early (an unclosed bracket or quote); the file is incomplete or not valid JSON.",
    );
  }
  if (mode !== "tail" && !sawEmptyArray) {
    throw new FeedError(
      "PARSE_ERROR",
      "The JSON file holds no list of products (an array of objects, or an object holding one).",
    );
  }
}
