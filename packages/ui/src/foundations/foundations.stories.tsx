import type { Meta, StoryObj } from "@storybook/react-vite";
import {
  colourScales,
  contrast,
  fontSans,
  fontWeights,
  level,
  namedSpacings,
  radii,
  shadows,
  spacingUnit,
  STATUS_SCALES,
  tailwindScale,
  toHex,
  toRgb,
  typeScale,
  type Token,
} from "./tokens";

/**
 * The foundations: every value below is read from `src/styles.css` and the Tailwind theme it
 * imports (see `tokens.ts`), so these pages change when the tokens do.
 */
const meta: Meta = {
  title: "Foundations/Tokens",
  tags: ["!autodocs"],
  parameters: { layout: "padded", controls: { disable: true } },
};
export default meta;
type Story = StoryObj;

const WHITE: [number, number, number] = [255, 255, 255];
const GREY_900 = toRgb(
  colourScales()
    .find((s) => s.scale === "grey")
    ?.tokens.find((t) => t.name === "--color-grey-900")?.resolved ?? "#0f172a",
)!;

function Ratio({
  on,
  rgb,
  label,
}: {
  on: [number, number, number];
  rgb: [number, number, number];
  label: string;
}) {
  const ratio = contrast(rgb, on);
  const grade = level(ratio);
  return (
    <span className={grade === "fail" ? "text-grey-500" : "text-grey-800"}>
      {label} {ratio.toFixed(1)} <span className="font-medium">{grade}</span>
    </span>
  );
}

function Swatch({ name, value, resolved }: Token & { resolved?: string }) {
  const rgb = toRgb(resolved ?? value);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-grey-200 bg-white text-xs">
      <div className="h-14" style={{ background: resolved ?? value }} />
      <div className="flex flex-col gap-0.5 p-2">
        <code className="font-medium text-grey-900">{name}</code>
        <code className="text-grey-600">{value}</code>
        {rgb && toHex(rgb) !== value.toLowerCase() ? (
          <code className="text-grey-600">{toHex(rgb)}</code>
        ) : null}
        {rgb ? (
          <>
            <Ratio on={WHITE} rgb={rgb} label="on white" />
            <Ratio on={GREY_900} rgb={rgb} label="on grey-900" />
          </>
        ) : null}
      </div>
    </li>
  );
}

function Scale({ title, tokens }: { title: string; tokens: (Token & { resolved?: string })[] }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-grey-900">{title}</h2>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2">
        {tokens.map((token) => (
          <Swatch key={token.name} {...token} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Our colours with their names and values, and the contrast of each against white and
 * against grey-900 text (WCAG 2: AA needs 4.5 for body text, 3 for large or bold text
 * and for controls' borders). Text colours the components use: grey-900 for content,
 * grey-700/600 for secondary text, grey-500 only for text of 14 px and up on white (4.8).
 * Primary buttons are white on primary-600 (AA); primary-500 is for focus rings only.
 */
export const Colours: Story = {
  render: () => (
    <div className="flex max-w-5xl flex-col gap-8">
      {colourScales().map(({ scale, tokens }) => (
        <Scale key={scale} title={scale} tokens={tokens} />
      ))}
      {STATUS_SCALES.map((scale) => (
        <Scale
          key={scale}
          title={`${scale} (Tailwind, for statuses)`}
          tokens={tailwindScale(scale).filter((t) => /-(50|200|600|700|800)$/.test(t.name))}
        />
      ))}
    </div>
  ),
};

/** Font family, sizes with line heights, and weights. */
export const Typography: Story = {
  render: () => (
    <div className="flex max-w-4xl flex-col gap-6">
      <p className="text-sm text-grey-700">
        <code>--font-sans</code>: <code>{fontSans()}</code>
      </p>
      <table className="text-left text-sm">
        <caption className="pb-2 text-left text-base font-semibold text-grey-900">Sizes</caption>
        <thead className="text-xs text-grey-600">
          <tr>
            <th className="py-1 pr-6 font-medium">Class</th>
            <th className="py-1 pr-6 font-medium">Size</th>
            <th className="py-1 pr-6 font-medium">Line height</th>
            <th className="py-1 font-medium">Sample</th>
          </tr>
        </thead>
        <tbody>
          {typeScale().map(({ name, size, lineHeight }) => (
            <tr key={name} className="border-t border-grey-100 align-baseline">
              <td className="py-2 pr-6">
                <code>text-{name}</code>
              </td>
              <td className="py-2 pr-6">
                <code>{size}</code>
              </td>
              <td className="py-2 pr-6">
                <code>{lineHeight}</code>
              </td>
              <td className="py-2 text-grey-900" style={{ fontSize: size, lineHeight }}>
                Find the right bike
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-1">
        {fontWeights().map(({ name, value }) => (
          <li key={name} className="text-lg text-grey-900" style={{ fontWeight: value }}>
            <code className="text-sm">{name.replace(/^--font-weight-/, "font-")}</code> ({value})
            Find the right bike
          </li>
        ))}
      </ul>
    </div>
  ),
};

const STEPS = [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24];

/** The spacing scale (`p-4` is 4 × the unit) and our named spacings. */
export const Spacing: Story = {
  render: () => (
    <div className="flex max-w-3xl flex-col gap-6">
      <p className="text-sm text-grey-700">
        Unit: <code>--spacing: {spacingUnit()}</code>. Classes such as <code>p-4</code>,{" "}
        <code>gap-2</code> and <code>mt-6</code> multiply it.
      </p>
      <ul className="flex flex-col gap-1.5">
        {STEPS.map((step) => (
          <li key={step} className="grid grid-cols-[5rem_7rem_1fr] items-center gap-3 text-sm">
            <code>{step}</code>
            <code className="text-grey-600">
              {`${step * parseFloat(spacingUnit())}rem`} ({step * parseFloat(spacingUnit()) * 16}px)
            </code>
            <span
              className="h-3 rounded-sm bg-primary-500"
              style={{ width: `calc(var(--spacing) * ${step})` }}
            />
          </li>
        ))}
      </ul>
      <ul className="flex flex-col gap-1.5 text-sm">
        {namedSpacings().map(({ name, value }) => (
          <li key={name} className="grid grid-cols-[14rem_6rem_1fr] items-center gap-3">
            <code>{name}</code>
            <code className="text-grey-600">{value}</code>
            <span className="h-3 rounded-sm bg-grey-400" style={{ width: value }} />
          </li>
        ))}
      </ul>
    </div>
  ),
};

/** Corner radii (`rounded-lg` on buttons and inputs, `rounded-xl` on cards and dialogs). */
export const Radius: Story = {
  render: () => (
    <ul className="grid max-w-4xl grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-4">
      {radii().map(({ name, value }) => (
        <li key={name} className="flex flex-col gap-1 text-xs">
          <div
            className="h-16 border border-primary-300 bg-primary-50"
            style={{ borderRadius: value }}
          />
          <code className="font-medium text-grey-900">
            {name.replace(/^--radius-/, "rounded-")}
          </code>
          <code className="text-grey-600">{value}</code>
        </li>
      ))}
    </ul>
  ),
};

/** Shadows (`shadow-xs` on buttons and inputs, `shadow-sm` on cards, `shadow-xl` on dialogs). */
export const Shadow: Story = {
  render: () => (
    <ul className="grid max-w-4xl grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-6 bg-grey-50 p-6">
      {shadows().map(({ name, value }) => (
        <li key={name} className="flex flex-col gap-2 text-xs">
          <div className="h-16 rounded-lg bg-white" style={{ boxShadow: value }} />
          <code className="font-medium text-grey-900">{name.replace(/^--shadow-/, "shadow-")}</code>
          <code className="break-all text-grey-600">{value}</code>
        </li>
      ))}
    </ul>
  ),
};
