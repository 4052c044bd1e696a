import type { Meta, StoryObj } from "@storybook/react-vite";
import { Switch } from "./switch";

const meta: Meta<typeof Switch> = {
  title: "Components/Switch",
  component: Switch,
  args: {
    label: "Skip trigger",
    description: "Open the floow on its first step, without the trigger button.",
    labelPosition: "start",
    size: "md",
    disabled: false,
    defaultChecked: false,
  },
  argTypes: {
    label: { control: "text" },
    description: { control: "text" },
    labelPosition: { control: "inline-radio", options: ["start", "end"] },
    size: { control: "inline-radio", options: ["sm", "md"] },
    disabled: { control: "boolean" },
    defaultChecked: { control: "boolean" },
    checked: { control: false },
    onCheckedChange: { action: "checked changed" },
  },
  // Remount when the initial state changes, so the defaultChecked control shows at once.
  render: (args) => <Switch key={String(args.defaultChecked)} {...args} />,
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof Switch>;

/** A settings row: the label before the switch, a description under it. */
export const Default: Story = {};
export const On: Story = { args: { defaultChecked: true } };
/** A single option: the switch first, its label after it. */
export const LabelAfter: Story = {
  args: { label: "Show the onboarding guide", description: undefined, labelPosition: "end" },
};
export const Small: Story = { args: { size: "sm", description: undefined, label: "Shadow" } };
export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };
/** Without a visible label the switch needs an `aria-label`. */
export const WithoutLabel: Story = {
  args: { label: undefined, description: undefined, "aria-label": "Shadow" },
};
