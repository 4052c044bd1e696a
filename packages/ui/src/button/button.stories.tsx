import type { Meta, StoryObj } from "@storybook/react-vite";
import { PlusIcon } from "../icons/icons";
import { Button } from "./button";

const meta: Meta<typeof Button> = {
  title: "Components/Button",
  component: Button,
  args: {
    children: "Create Floow",
    variant: "primary",
    size: "md",
    disabled: false,
    loading: false,
  },
  argTypes: {
    variant: {
      control: "select",
      options: ["primary", "secondary", "outline", "ghost", "destructive", "link"],
    },
    size: { control: "inline-radio", options: ["sm", "md", "lg", "icon"] },
    disabled: { control: "boolean" },
    loading: { control: "boolean" },
    children: { control: "text" },
    asChild: { control: false },
    onClick: { action: "clicked" },
  },
};
export default meta;
type Story = StoryObj<typeof Button>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: "secondary" } };
export const Outline: Story = { args: { variant: "outline" } };
export const Destructive: Story = { args: { variant: "destructive", children: "Delete" } };
/** Every variant side by side; the controls set the size, disabled and loading for all. */
export const Variants: Story = {
  argTypes: { variant: { control: false } },
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
  argTypes: { children: { control: false } },
  args: {
    children: (
      <>
        <PlusIcon size={16} /> New floow
      </>
    ),
  },
};
export const IconOnly: Story = {
  argTypes: { children: { control: false }, size: { control: false } },
  args: {
    size: "icon",
    variant: "outline",
    "aria-label": "New floow",
    children: <PlusIcon size={16} />,
  },
};
export const Loading: Story = { args: { loading: true } };
export const Disabled: Story = { args: { disabled: true } };
