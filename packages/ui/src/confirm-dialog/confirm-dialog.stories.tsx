import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { Button } from "../button/button";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

/** Opens at once; Cancel or the action closes it and "Open" brings it back. */
function Demo(props: ConfirmDialogProps) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <ConfirmDialog {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}

const meta: Meta<typeof ConfirmDialog> = {
  title: "Components/ConfirmDialog",
  component: ConfirmDialog,
  args: {
    title: "Publish Floow",
    description: "“Bike finder” goes live on its domain.",
    confirmLabel: "Publish",
    cancelLabel: "Cancel",
    destructive: false,
    confirmDisabled: false,
    onConfirm: () => new Promise((resolve) => setTimeout(resolve, 800)),
  },
  argTypes: {
    title: { control: "text" },
    description: { control: "text" },
    confirmLabel: { control: "text" },
    cancelLabel: { control: "text" },
    destructive: { control: "boolean" },
    confirmDisabled: { control: "boolean" },
    open: { control: false },
    onOpenChange: { control: false },
    onConfirm: { control: false },
    children: { control: false },
  },
  render: (args) => <Demo {...args} />,
};
export default meta;
type Story = StoryObj<typeof ConfirmDialog>;

export const Default: Story = {};
export const Destructive: Story = {
  args: {
    title: "Delete Floow",
    description: "“Bike finder” is deleted for good. This cannot be undone.",
    confirmLabel: "Delete",
    destructive: true,
  },
};
