import { lazy, Suspense, type ComponentProps } from "react";

/*
 * Tiptap and ProseMirror are the editor's largest dependency; they load with the first rich
 * text field (the step modal, the start or finish page) instead of with the editor itself.
 */
const RichTextField = lazy(() =>
  import("./rich-text").then((module) => ({ default: module.RichText })),
);

type RichTextProps = ComponentProps<typeof RichTextField>;

export function RichText(props: RichTextProps) {
  return (
    <Suspense
      fallback={
        <div
          aria-busy="true"
          className={
            props.compact
              ? "h-9 rounded-lg border border-grey-200 bg-grey-50"
              : "h-[7.5rem] rounded-lg border border-grey-200 bg-grey-50"
          }
        />
      }
    >
      <RichTextField {...props} />
    </Suspense>
  );
}
