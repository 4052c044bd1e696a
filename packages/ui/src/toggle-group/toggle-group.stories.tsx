import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { ToggleGroup, ToggleGroupItem, type ToggleGroupProps } from "./toggle-group";

/** The story's args as either kind of group (the value's type follows `type`). */
function Group({
  args,
  pressed,
  children,
}: {
  args: ToggleGroupProps;
  pressed: string;
  children: ReactNode;
}) {
  const { type, value: _value, defaultValue: _default, onValueChange, ...common } = args;
  const changed = onValueChange as ((value: string | string[]) => void) | undefined;
  return type === "multiple" ? (
    <ToggleGroup {...common} type="multiple" defaultValue={[pressed]} onValueChange={changed}>
      {children}
    </ToggleGroup>
  ) : (
    <ToggleGroup {...common} type="single" defaultValue={pressed} onValueChange={changed}>
      {children}
    </ToggleGroup>
  );
}

const meta: Meta<typeof ToggleGroup> = {
  title: "Components/ToggleGroup",
  component: ToggleGroup,
  subcomponents: { ToggleGroupItem },
  args: {
    type: "single",
    "aria-label": "Status",
    variant: "default",
    size: "md",
    disabled: false,
  },
  argTypes: {
    type: { control: "inline-radio", options: ["single", "multiple"] },
    variant: { control: "inline-radio", options: ["default", "outline"] },
    size: { control: "inline-radio", options: ["sm", "md"] },
    disabled: { control: "boolean" },
    value: { control: false },
    defaultValue: { control: false },
    onValueChange: { action: "value changed" },
  },
};
export default meta;
type Story = StoryObj<typeof ToggleGroup>;

/** One filter at a time (type "single"): read as a radio group. */
export const Single: Story = {
  render: (args) => (
    <Group args={args} pressed="all">
      <ToggleGroupItem value="all">All</ToggleGroupItem>
      <ToggleGroupItem value="development">Development</ToggleGroupItem>
      <ToggleGroupItem value="live">Live</ToggleGroupItem>
      <ToggleGroupItem value="archived">Archived</ToggleGroupItem>
    </Group>
  ),
};

/** Independent toggles (type "multiple"): read as a toolbar of pressed buttons. */
export const Multiple: Story = {
  args: { type: "multiple", variant: "outline", "aria-label": "Text style" },
  render: (args) => (
    <Group args={args} pressed="bold">
      <ToggleGroupItem value="bold" aria-label="Bold">
        <span className="font-bold">B</span>
      </ToggleGroupItem>
      <ToggleGroupItem value="italic" aria-label="Italic">
        <span className="italic">I</span>
      </ToggleGroupItem>
      <ToggleGroupItem value="underline" aria-label="Underline">
        <span className="underline">U</span>
      </ToggleGroupItem>
    </Group>
  ),
};
