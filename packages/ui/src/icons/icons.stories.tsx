import type { Meta, StoryObj } from "@storybook/react-vite";
import * as icons from "./icons";

type Args = { size: number; strokeWidth: number; color: string };

/** Every icon of `icons.tsx`, read from its exports, with the name to import. */
const meta: Meta<Args> = {
  title: "Foundations/Icons",
  tags: ["!autodocs"],
  parameters: { layout: "padded" },
  args: { size: 24, strokeWidth: 1.75, color: "#334155" },
  argTypes: {
    size: { control: { type: "range", min: 12, max: 48, step: 1 } },
    strokeWidth: { control: { type: "range", min: 1, max: 3, step: 0.25 } },
    color: { control: "color" },
  },
};
export default meta;

export const All: StoryObj<Args> = {
  render: ({ size, strokeWidth, color }) => (
    <ul className="grid max-w-4xl grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3">
      {Object.entries(icons)
        .filter(([name]) => name.endsWith("Icon"))
        .map(([name, Icon]) => (
          <li
            key={name}
            className="flex flex-col items-center gap-2 rounded-lg border border-grey-200 bg-white p-3 text-xs text-grey-700"
          >
            <Icon size={size} strokeWidth={strokeWidth} style={{ color }} />
            <code>{name}</code>
          </li>
        ))}
    </ul>
  ),
};
