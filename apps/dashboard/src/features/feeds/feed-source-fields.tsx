import { FEED_TYPES, type FeedType } from "@floow/domain/feed";
import { TEXT_LIMITS } from "@floow/domain/shared";
import { Field, Input, Select } from "@floow/ui";
import type { FieldErrors } from "react-hook-form";
import type { useLiveValidation } from "../forms/use-live-validation";
import { FEED_TYPE_LABELS } from "./feed-logic";

/** What the feed form holds while it is typed (the schema's input). */
export type FeedFormInput = { name: string; type: FeedType; url: string };

/**
 * The feed's name, type and URL (spec sections 2 and 5): the one feed form, used by the Add
 * Feed dialog (Products) and the Create Floow wizard's new-feed step. The form and its live
 * validation belong to the caller.
 */
export function FeedSourceFields({
  live,
  errors,
  autoFocus = false,
}: {
  live: ReturnType<typeof useLiveValidation<FeedFormInput>>;
  errors: FieldErrors<FeedFormInput>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
        <Field label="Feed name" error={errors.name?.message}>
          <Input
            autoComplete="off"
            placeholder="Main catalogue"
            autoFocus={autoFocus}
            maxLength={TEXT_LIMITS.name}
            {...live.register("name")}
          />
        </Field>
        <Field label="Feed type" error={errors.type?.message}>
          <Select {...live.register("type")}>
            {FEED_TYPES.map((type) => (
              <option key={type} value={type}>
                {FEED_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Feed URL" error={errors.url?.message}>
        <Input
          autoComplete="off"
          inputMode="url"
          spellCheck={false}
          placeholder="https://files.channable.com/…/feed.xml"
          maxLength={TEXT_LIMITS.url}
          {...live.register("url")}
        />
      </Field>
    </>
  );
}
