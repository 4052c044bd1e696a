import type { CookieCategory } from "./cookie-preferences";

const CATEGORIES: { id: CookieCategory; label: string; description: string }[] = [
  {
    id: "functional",
    label: "Functional",
    description: "Sign-in, security and your choices (like this one). Always on.",
  },
  {
    id: "analytics",
    label: "Analytics",
    description: "How Floow's dashboard is used, to make it better.",
  },
  { id: "marketing", label: "Marketing", description: "Measuring Floow's own campaigns." },
];

/** The three cookie categories as checkboxes; functional is always on. */
export function CookieCategoryToggles({
  value,
  onChange,
}: {
  value: { analytics: boolean; marketing: boolean };
  onChange: (value: { analytics: boolean; marketing: boolean }) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">Cookie preferences</legend>
      {CATEGORIES.map((category) => {
        const fixed = category.id === "functional";
        const checked = fixed || value[category.id as "analytics" | "marketing"];
        return (
          <label
            key={category.id}
            className="flex items-start gap-3 rounded-lg border border-grey-200 px-3 py-2.5"
          >
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary-600"
              checked={checked}
              disabled={fixed}
              onChange={(event) => onChange({ ...value, [category.id]: event.target.checked })}
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium text-grey-900">{category.label}</span>
              <span className="text-xs text-grey-600">{category.description}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
