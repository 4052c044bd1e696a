import type { Meta, StoryObj } from "@storybook/react-vite";
import { Input, Textarea } from "./input";

const meta: Meta<typeof Input> = {
  title: "Components/Input",
  component: Input,
  args: {
    placeholder: "www.example.com",
    "aria-label": "Host",
    disabled: false,
    "aria-invalid": false,
    type: "text",
  },
  argTypes: {
    placeholder: { control: "text" },
    disabled: { control: "boolean" },
    "aria-invalid": { control: "boolean" },
    type: { control: "select", options: ["text", "email", "url", "password", "number"] },
    defaultValue: { control: "text" },
  },
  // Remount when the initial value changes, so the defaultValue control shows at once.
  render: (args) => <Input key={String(args.defaultValue)} {...args} />,
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof Input>;

export const Default: Story = {};
export const Invalid: Story = { args: { "aria-invalid": true, defaultValue: "not a host" } };
export const Disabled: Story = { args: { disabled: true, defaultValue: "Read only" } };
export const Multiline: Story = {
  argTypes: { type: { control: false } },
  args: { placeholder: "Describe the problem", "aria-label": "Problem" },
  render: ({ type: _type, ...args }) => (
    <Textarea
      placeholder={args.placeholder}
      aria-label={args["aria-label"]}
      disabled={args.disabled}
      aria-invalid={args["aria-invalid"]}
    />
  ),
};
