import { aiResponseSchema, suggestFromFeed } from "@floow/domain";
import type { Language, Product, SuggestedQuestion } from "@floow/domain";

/** The OpenAI-compatible model of the AI Suggestion (AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export interface AiModelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
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

const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  nl: "Dutch",
  fr: "French",
  de: "German",
};

/**
 * Asks the model for questions as structured output (`analysis.questions`), validated by the
 * domain's `aiResponseSchema`. Any failure (network, refusal, invalid JSON) throws: the
 * dialog then closes without a message (spec section 8).
 */
export async function suggestWithModel(
  config: AiModelConfig,
  request: SuggestionRequest,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<SuggestedQuestion[]> {
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
    ...(options.fetch && { fetch: options.fetch }),
  });
  const attributes = request.attributes
    .map((a) => `- ${a.name}: ${a.values.join(", ")}`)
    .join("\n");
  const { output } = await generateText({
    model: provider(config.model),
    output: Output.object({ schema: aiResponseSchema, name: "floow_questions" }),
    maxRetries: 1,
    abortSignal: AbortSignal.any([
      AbortSignal.timeout(AI_TIMEOUT_MS),
      ...(options.signal ? [options.signal] : []),
    ]),
    system:
      "You design guided-selling questionnaires for web shops. Answer with 3 to 6 multiple-choice " +
      `questions in ${LANGUAGE_NAMES[request.language]}, each with 2 to 6 short choices. ` +
      "Every question and choice has a key: a short snake_case identifier in English.",
    prompt:
      `Questionnaire: ${request.name || "New Floow"}\n\n` +
      `What the merchant wants: ${request.content}\n\n` +
      (attributes ? `The product feed's attributes and common values:\n${attributes}\n` : ""),
  });
  return output.analysis.questions;
}

/** The attributes the model is told about: those the offline suggester would ask about. */
export function feedAttributes(products: readonly Product[]): SuggestionRequest["attributes"] {
  return suggestFromFeed(products).map((q) => ({
    name: q.key,
    values: q.choices.map((c) => c.title),
  }));
}
