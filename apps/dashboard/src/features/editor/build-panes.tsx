/**
 * The build phase on a phone (below the `md` breakpoint, 768 px): one of its three panes at
 * a time (the step list, the step's editor, the canvas with the preview), chosen with a
 * switcher above them; choosing a page or step in the list opens its editor. From `md` up all three show side by
 * side and none of this is visible. docs/dashboard.md says what a phone can and cannot do.
 */
import { cn } from "@floow/ui";

export type BuildPane = "steps" | "edit" | "preview";

const PANES: { value: BuildPane; label: string }[] = [
  { value: "steps", label: "Steps" },
  { value: "edit", label: "Edit" },
  { value: "preview", label: "Preview" },
];

/** On a phone only the chosen pane shows; from `md` up every pane does. */
export function paneClassName(shown: BuildPane, pane: BuildPane) {
  return shown === pane ? "flex" : "hidden md:flex";
}

export function PhonePaneSwitcher({
  pane,
  onChange,
}: {
  pane: BuildPane;
  onChange: (pane: BuildPane) => void;
}) {
  return (
    <div className="flex shrink-0 flex-col gap-2 border-b border-grey-200 bg-white px-3 py-2 md:hidden">
      <div
        role="group"
        aria-label="Show"
        className="grid grid-cols-3 gap-1 rounded-xl bg-grey-100 p-1"
      >
        {PANES.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={pane === option.value}
            onClick={() => onChange(option.value)}
            className={cn(
              "h-8 cursor-pointer rounded-lg text-sm font-medium transition-colors",
              pane === option.value
                ? "bg-white text-grey-900 shadow-sm ring-1 ring-grey-200"
                : "text-grey-700 hover:text-grey-900",
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
      <p className="text-xs text-grey-600">
        On a phone you edit steps and preview them one panel at a time. The flow diagram, styling
        and side-by-side editing need a larger screen (768 px or wider).
      </p>
    </div>
  );
}
