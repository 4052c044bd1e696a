import type { Meta, StoryObj } from "@storybook/react-vite";
import { Avatar } from "./avatar";

const meta: Meta<typeof Avatar> = {
  title: "Components/Avatar",
  component: Avatar,
  args: { alt: "Jane Doe", initials: "JD", size: "md" },
  argTypes: {
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
    initials: { control: "text" },
    alt: { control: "text" },
    src: { control: "text" },
  },
};
export default meta;
type Story = StoryObj<typeof Avatar>;

export const Initials: Story = {};
/** All three sizes; the other controls apply to each. */
export const Sizes: Story = {
  argTypes: { size: { control: false } },
  render: (args) => (
    <div className="flex items-center gap-3">
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
    </div>
  ),
};
