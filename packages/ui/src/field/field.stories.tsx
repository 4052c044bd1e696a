import type { Meta, StoryObj } from "@storybook/react-vite";
import { Input } from "../input/input";
import { Field } from "./field";

const meta: Meta<typeof Field> = {
  title: "Components/Field",
  component: Field,
  args: {
    label: "Domain host",
    description: "The website where the widgets load.",
    error: "",
  },
  argTypes: {
    label: { control: "text" },
    description: { control: "text" },
    error: { control: "text" },
    children: { control: false },
  },
  render: (args) => (
    <Field {...args} error={args.error || undefined}>
      <Input placeholder="www.example.com" />
    </Field>
  ),
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof Field>;

export const Default: Story = {};
export const WithError: Story = {
  args: { label: "Domain name", description: undefined, error: "Please enter a domain name." },
};
