/**
 * AI Suggestion (spec sections 2, 4, 5): a prompt (required, at most 1000 characters, with a
 * counter). While the call runs a status message cycles every 2 s through six messages. On
 * success every returned question becomes a step with its choices and the dialog closes;
 * on failure the dialog closes without a message. The dialog says who answers: the AI model
 * (AI_* set on the server) or the offline suggester, which builds questions from the feed.
 */
import { aiPromptSchema } from "@floow/domain/floow";
import { floowPartsFromSuggestion } from "@floow/domain/insights";
import { AI_LOADING_MESSAGES } from "@floow/domain/messages";
import { AI_PROMPT_MAX_LENGTH, LOADING_MESSAGE_INTERVAL_MS } from "@floow/domain/shared";
import type { Filter, FilterGroup } from "@floow/domain/filter";
import type { AiRequest, Step } from "@floow/domain/floow";
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  SparklesIcon,
  Spinner,
  Textarea,
} from "@floow/ui";
import { useEffect, useState } from "react";
import type { SuggestionAnswer } from "../editor-api";

/** Who answers the suggestion, as `ai.config` says (unknown while it loads). */
export type SuggestionSource = { source: "model" | "feed"; model: string | null } | null;

/** The parts a suggestion adds to the floow. */
export interface SuggestionParts {
  steps: Step[];
  filterGroups: FilterGroup[];
  filters: Filter[];
}

function SourceNote({ source }: { source: SuggestionSource }) {
  if (!source) return null;
  return (
    <p
      className="flex items-start gap-2 rounded-lg bg-grey-50 px-3 py-2 text-xs text-grey-600 ring-1 ring-grey-200"
      data-testid="ai-source"
    >
      {source.source === "model" ? (
        <span>
          Answered by the AI model <span className="font-medium text-grey-800">{source.model}</span>
          .
        </span>
      ) : (
        <span>
          Answered offline from this floow&apos;s product feed (no AI model is set up): its
          attributes become questions, each choice with its filter filled in.
        </span>
      )}
    </p>
  );
}

export function validatePrompt(prompt: string): string | undefined {
  const result = aiPromptSchema.safeParse({ prompt });
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function AiSuggestionDialog({
  open,
  onOpenChange,
  floow,
  suggest,
  source = null,
  onSuggestion,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  floow: { id: string; name: string };
  suggest: (request: AiRequest) => Promise<SuggestionAnswer>;
  source?: SuggestionSource;
  onSuggestion: (parts: SuggestionParts) => void;
}) {
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [messageIndex, setMessageIndex] = useState(0);

  useEffect(() => {
    if (!loading) return;
    setMessageIndex(0);
    const timer = setInterval(
      () => setMessageIndex((i) => (i + 1) % AI_LOADING_MESSAGES.length),
      LOADING_MESSAGE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [loading]);

  function close() {
    setPrompt("");
    setError(undefined);
    setSubmitted(false);
    onOpenChange(false);
  }

  async function submit() {
    setSubmitted(true);
    const message = validatePrompt(prompt);
    setError(message);
    if (message) return;
    setLoading(true);
    try {
      const answer = await suggest({ id: floow.id, name: floow.name, content: prompt.trim() });
      onSuggestion(floowPartsFromSuggestion(answer.questions, floow.id));
    } catch {
      // Spec section 8: a failed AI suggestion closes the dialog without a message.
    } finally {
      setLoading(false);
      close();
    }
  }

  const length = prompt.length;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : loading ? null : close())}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <SparklesIcon size={18} className="text-primary-600" />
            AI Suggestion
          </DialogTitle>
          <DialogDescription>
            Describe your visitors and what they look for; we suggest questions with their choices.
          </DialogDescription>
        </DialogHeader>
        {loading ? (
          <div className="flex flex-col items-center gap-3 py-8" role="status" aria-live="polite">
            <Spinner className="text-primary-600" label="Generating" />
            <p className="text-sm font-medium text-grey-700" data-testid="ai-loading-message">
              {AI_LOADING_MESSAGES[messageIndex]}
            </p>
          </div>
        ) : (
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Field label="Prompt" error={error}>
              <Textarea
                rows={6}
                value={prompt}
                placeholder="A running-shoe shop: help visitors find the right shoe for their running style and terrain."
                onChange={(event) => {
                  setPrompt(event.target.value);
                  if (submitted) setError(validatePrompt(event.target.value));
                }}
              />
            </Field>
            <p
              className={cn(
                "-mt-2 text-right text-xs tabular-nums",
                length > AI_PROMPT_MAX_LENGTH ? "font-medium text-red-600" : "text-grey-500",
              )}
              data-testid="ai-counter"
            >
              {length}/{AI_PROMPT_MAX_LENGTH}
            </p>
            <SourceNote source={source} />
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Generate questions</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
