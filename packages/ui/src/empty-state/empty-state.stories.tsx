import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/button";
import { GlobeIcon } from "../icons/icons";
import { EmptyState } from "./empty-state";

const meta: Meta<typeof EmptyState> = {
  title: "Components/EmptyState",
  component: EmptyState,
  argTypes: {
    title: { control: "text" },
    description: { control: "text" },
    icon: { control: false },
    action: { control: false },
  },
  decorators: [
    (Story) => (
      <div className="w-[32rem]">
        <Story />
      </div>
    ),
  ],
};
export default meta;

export const Default: StoryObj<typeof EmptyState> = {
  args: {
    icon: <GlobeIcon size={24} />,
    title: "No domains yet",
    description: "Add the website where your floows will load.",
    action: <Button>Create Domain</Button>,
  },
};
