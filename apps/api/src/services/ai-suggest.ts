import { AI_PROMPT_MAX_LENGTH } from "@floow/domain/shared";
import { aiResponseSchema } from "@floow/domain/floow";
import { DomainError } from "@floow/domain/errors";
import { suggestFromFeed } from "@floow/domain/insights";
import type { Language } from "@floow/domain/shared";
import type { Product } from "@floow/domain/feed";
import type { SuggestedQuestion } from "@floow/domain/insights";

/** The OpenAI-compatible model of the AI Suggestion (AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export interface AiModelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** How long the model may take in all (default AI_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}

/** Which suggester answered (the dialog says so). */
export type SuggestionSource = "model" | "feed";

export interface SuggestionRequest {
  /** The floow's name, the merchant's prompt and the floow's language. */
  name: string;
  content: string;
  language: Language;
  /** A few attributes of the feed and their common values, so the model asks about real ones. */
  attributes: { name: string; values: string[] }[];
}

/** How long the model may take (the dialog's messages cycle meanwhile). */
export const AI_TIMEOUT_MS = 60_000;

/*
 * The prompt is built from text that users and feeds control (the floow's name, the prompt,
 * attribute names and values), and a model call is paid per token: every piece is cut to a
 * length of its own here, whatever the input schema lets through, so the request has a
 * known maximum size (docs/editor.md, "AI Suggestion").
 */
/** Characters of the floow's name in the prompt. */
export const AI_NAME_MAX_CHARS = 200;
/** Feed attributes told to the model, values per attribute, characters of each name or value. */
export const AI_MAX_ATTRIBUTES = 8;
export const AI_MAX_ATTRIBUTE_VALUES = 8;
export const AI_ATTRIBUTE_TEXT_MAX_CHARS = 40;
/** Characters of the whole prompt (system and user message together), whatever its pieces. */
export const AI_PROMPT_MAX_CHARS = 4_000;
/**
 * Bytes of the request body sent to the model: the prompt (at most 3 bytes a character once
 * JSON-encoded, control characters being replaced), the response's JSON schema and the model
 * name. A larger body is never sent (the suggestion fails).
 */
export const AI_REQUEST_MAX_BYTES = 16 * 1024;
/** Tokens the model may answer with: 6 questions of 6 choices as JSON fit in well under 1,000. */
export const AI_MAX_OUTPUT_TOKENS = 2_000;

const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  nl: "Dutch",
  fr: "French",
  de: "German",
};

/**
 * Asks the model for questions as structured output (`analysis.questions`), validated by the
 * domain's `aiResponseSchema`. Any failure (network, timeout, refusal, an answer that is not
 * the schema's JSON) throws a DomainError `UNAVAILABLE` (a 503, logged with its cause, never a
 * 500): the dialog then closes without a message (spec sections 4 and 8).
 */
export async function suggestWithModel(
  config: AiModelConfig,
  request: SuggestionRequest,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<SuggestedQuestion[]> {
  const timeoutMs = config.timeoutMs ?? AI_TIMEOUT_MS;
  try {
    // Loaded on first use: the AI SDK is tens of megabytes of module code that a server
    // without AI_* (the embedded default) would otherwise hold in memory for nothing.
    const [{ createOpenAICompatible }, { generateText, Output }] = await Promise.all([
      import("@ai-sdk/openai-compatible"),
      import("ai"),
    ]);
    const provider = createOpenAICompatible({
      name: "floow-ai",
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      supportsStructuredOutputs: true,
      fetch: boundedFetch(options.fetch ?? fetch),
    });
    const { system, prompt } = buildPrompt(request);
    const { output } = await generateText({
      model: provider(config.model),
      output: Output.object({ schema: aiResponseSchema, name: "floow_questions" }),
      maxOutputTokens: AI_MAX_OUTPUT_TOKENS,
      maxRetries: 1,
      abortSignal: AbortSignal.any([
        AbortSignal.timeout(timeoutMs),
        ...(options.signal ? [options.signal] : []),
      ]),
      system,
      prompt,
    });
    // The SDK parses the answer with the schema; this also catches an answer it let through.
    return aiResponseSchema.parse(output).analysis.questions;
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
        ? `did not answer within ${timeoutMs / 1000} s`
        : "gave no usable answer";
    throw Object.assign(
      new DomainError("UNAVAILABLE", `The AI model ${reason}; no questions were suggested.`),
      { cause: error },
    );
  }
}

/** The system and user messages, each piece cut to its length; together at most AI_PROMPT_MAX_CHARS. */
export function buildPrompt(request: SuggestionRequest): { system: string; prompt: string } {
  const system =
    "You design guided-selling questionnaires for web shops. Answer with 3 to 6 multiple-choice " +
    `questions in ${LANGUAGE_NAMES[request.language]}, each with 2 to 6 short choices. ` +
    "Every question and choice has a key: a short snake_case identifier in English.";
  const attributes = request.attributes
    .slice(0, AI_MAX_ATTRIBUTES)
    .map((a) => {
      const values = a.values
        .slice(0, AI_MAX_ATTRIBUTE_VALUES)
        .map((v) => clip(oneLine(v), AI_ATTRIBUTE_TEXT_MAX_CHARS));
      return `- ${clip(oneLine(a.name), AI_ATTRIBUTE_TEXT_MAX_CHARS)}: ${values.join(", ")}`;
    })
    .join("\n");
  const name = clip(oneLine(request.name), AI_NAME_MAX_CHARS) || "New Floow";
  const prompt =
    `Questionnaire: ${name}\n\n` +
    `What the merchant wants: ${clip(plainText(request.content), AI_PROMPT_MAX_LENGTH)}\n\n` +
    (attributes ? `The product feed's attributes and common values:\n${attributes}\n` : "");
  // The pieces' limits already keep it below; this makes the bound hold whatever they are.
  return { system, prompt: clip(prompt, AI_PROMPT_MAX_CHARS - system.length) };
}

/**
 * The model's fetch, refusing a request body over AI_REQUEST_MAX_BYTES before it is sent: the
 * bound on what a suggestion costs holds even if the prompt's pieces change.
 */
function boundedFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const body = init?.body;
    const bytes = typeof body === "string" ? Buffer.byteLength(body) : 0;
    if (typeof body !== "string" && body != null) {
      throw new Error("The AI model request body is not text; refusing to send it unmeasured.");
    }
    if (bytes > AI_REQUEST_MAX_BYTES) {
      throw new Error(
        `The AI model request is ${bytes} bytes, over the limit of ${AI_REQUEST_MAX_BYTES}; not sent.`,
      );
    }
    return inner(input, init);
  };
}

/** Text without control characters (JSON would spell each as 6 bytes) and without lone surrogates. */
function plainText(text: string): string {
  return (
    text
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ")
  );
}

function oneLine(text: string): string {
  return plainText(text).replace(/\s+/g, " ").trim();
}

/** The first `max` characters, never splitting a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max;
  return text.slice(0, end);
}

/** The attributes the model is told about: those the offline suggester would ask about. */
export function feedAttributes(products: readonly Product[]): SuggestionRequest["attributes"] {
  return suggestFromFeed(products).map((q) => ({
    name: q.key,
    values: q.choices.map((c) => c.title),
  }));
}
