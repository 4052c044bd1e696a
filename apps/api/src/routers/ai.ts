import { aiRequestSchema } from "@floow/domain/floow";
import { DomainError } from "@floow/domain/errors";
import { suggestFromFeed } from "@floow/domain/insights";
import type { SuggestedQuestion } from "@floow/domain/insights";
import { findFloow } from "../db/queries/floow";
import { listFeedProductRecords } from "../db/queries/product";
import { feedAttributes, suggestWithModel } from "../services/ai-suggest";
import type { SuggestionSource } from "../services/ai-suggest";
import { orgProcedure, rateLimit, router } from "../trpc/init";

/** The AI Suggestion (spec sections 2, 4, 5, 7, 9; docs/editor.md). */
export const aiRouter = router({
  /** Which suggester answers here (the dialog says so before it asks): the model's name, or the feed. */
  config: orgProcedure.query(({ ctx }): { source: SuggestionSource; model: string | null } =>
    ctx.ai ? { source: "model", model: ctx.ai.model } : { source: "feed", model: null },
  ),

  /**
   * The spec's `POST /api/ai` (`{id, name, content}` → `analysis.questions`): questions with
   * their choices for the floow. With AI_* set, an OpenAI-compatible model answers; without,
   * the offline suggester builds them from the floow's feed (choices with their filters).
   * `source` says which. Limited per user: a model call costs money, and its request is
   * bounded whatever the input (services/ai-suggest.ts). A model that errs, times out or
   * answers outside the schema is a 503 UNAVAILABLE, logged; the dialog closes silently.
   */
  suggest: orgProcedure
    .use(rateLimit({ window: 3600, max: 30 }))
    .input(aiRequestSchema)
    .mutation(
      async ({
        ctx,
        input,
      }): Promise<{ analysis: { questions: SuggestedQuestion[] }; source: SuggestionSource }> => {
        const floow = await findFloow(ctx.db, ctx.org.id, input.id);
        if (!floow) throw new DomainError("NOT_FOUND", "Floow not found.");
        const feedId = floow.type === "selling" ? floow.feedId : null;
        const products = feedId ? await listFeedProductRecords(ctx.db, ctx.org.id, feedId) : [];
        if (ctx.ai) {
          const questions = await suggestWithModel(ctx.ai, {
            name: input.name || floow.name,
            content: input.content,
            language: floow.language,
            attributes: feedAttributes(products),
          });
          return { analysis: { questions }, source: "model" };
        }
        const questions = suggestFromFeed(products, {
          prompt: input.content,
          language: floow.language,
        });
        return { analysis: { questions }, source: "feed" };
      },
    ),
});
