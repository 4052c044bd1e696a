import type { Meta, StoryObj } from "@storybook/react-vite";
import { PlusIcon } from "../icons/icons";
import { Button } from "./button";

const meta: Meta<typeof Button> = {
  title: "Components/Button",
  component: Button,
  args: { children: "Create Floow" },
};
export default meta;
type Story = StoryObj<typeof Button>;

export const Primary: Story = {};
export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} variant="primary" />
      <Button {...args} variant="secondary" />
      <Button {...args} variant="outline" />
      <Button {...args} variant="ghost" />
      <Button {...args} variant="destructive" />
      <Button {...args} variant="link" />
    </div>
  ),
};
export const WithIcon: Story = {
  args: {
    children: (
      <>
        <PlusIcon size={16} /> New floow
      </>
    ),
  },
};
export const Loading: Story = { args: { loading: true } };
