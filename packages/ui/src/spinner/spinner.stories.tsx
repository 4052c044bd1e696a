import type { Meta, StoryObj } from "@storybook/react-vite";
import { Spinner } from "./spinner";

const meta: Meta<typeof Spinner> = {
  title: "Components/Spinner",
  component: Spinner,
  args: { size: "md", label: "Loading" },
  argTypes: {
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
    label: { control: "text" },
  },
  decorators: [
    (Story) => (
      <div className="text-moss-600">
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof Spinner>;

export const Default: Story = {};
export const Sizes: Story = {
  argTypes: { size: { control: false } },
  render: (args) => (
    <div className="flex items-center gap-4">
      <Spinner {...args} size="sm" />
      <Spinner {...args} size="md" />
      <Spinner {...args} size="lg" />
    </div>
  ),
};
