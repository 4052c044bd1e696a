/**
 * The build phase on a phone (below the `md` breakpoint, 768 px): one of its three panes at
 * a time (the step list, the step's editor, the canvas with the preview), chosen with a
 * switcher above them; choosing a page or step in the list opens its editor. From `md` up all three show side by
 * side and none of this is visible. docs/dashboard.md says what a phone can and cannot do.
 */
import { ToggleGroup, ToggleGroupItem } from "@floow/ui";

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
      {/* The design system's ToggleGroup (Radix): one tab stop, arrow keys, one always on. */}
      <ToggleGroup
        type="single"
        aria-label="Show"
        value={pane}
        onValueChange={(value) => value && onChange(value as BuildPane)}
        className="grid grid-cols-3 gap-1 rounded-xl bg-grey-100 p-1"
      >
        {PANES.map((option) => (
          <ToggleGroupItem
            key={option.value}
            value={option.value}
            className="h-8 rounded-lg text-grey-700 hover:bg-transparent data-[state=on]:bg-white data-[state=on]:text-grey-900 data-[state=on]:shadow-sm data-[state=on]:ring-1 data-[state=on]:ring-grey-200"
          >
            {option.label}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
      <p className="text-xs text-grey-600">
        On a phone you edit steps and preview them one panel at a time. The flow diagram, styling
        and side-by-side editing need a larger screen (768 px or wider).
      </p>
    </div>
  );
}
