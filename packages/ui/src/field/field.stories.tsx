import type { Meta, StoryObj } from "@storybook/react-vite";
import { Input } from "../input/input";
import { Field } from "./field";

const meta: Meta<typeof Field> = {
  title: "Components/Field",
  component: Field,
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

export const Default: Story = {
  render: () => (
    <Field label="Domain host" description="The website where the widgets load.">
      <Input placeholder="www.example.com" />
    </Field>
  ),
};

export const WithError: Story = {
  render: () => (
    <Field label="Domain name" error="Please enter a domain name.">
      <Input />
    </Field>
  ),
};
