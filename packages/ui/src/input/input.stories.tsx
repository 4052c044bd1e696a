import type { Meta, StoryObj } from "@storybook/react-vite";
import { Input, Textarea } from "./input";

const meta: Meta<typeof Input> = {
  title: "Components/Input",
  component: Input,
  args: { placeholder: "www.example.com" },
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
export const Multiline: Story = { render: () => <Textarea placeholder="Describe the problem" /> };
