import type { Meta, StoryObj } from "@storybook/react-vite";
import { Spinner } from "./spinner";

const meta: Meta<typeof Spinner> = { title: "Components/Spinner", component: Spinner };
export default meta;

export const Sizes: StoryObj<typeof Spinner> = {
  render: () => (
    <div className="flex items-center gap-4 text-moss-600">
      <Spinner size="sm" />
      <Spinner size="md" />
      <Spinner size="lg" />
    </div>
  ),
};
