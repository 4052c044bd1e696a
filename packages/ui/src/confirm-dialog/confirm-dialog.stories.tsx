import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { Button } from "../button/button";
import { ConfirmDialog } from "./confirm-dialog";

const meta: Meta<typeof ConfirmDialog> = {
  title: "Components/ConfirmDialog",
  component: ConfirmDialog,
};
export default meta;

function Demo({ destructive }: { destructive: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={destructive ? "Delete Floow" : "Publish Floow"}
        description={
          destructive
            ? "“Bike finder” is deleted for good. This cannot be undone."
            : "“Bike finder” goes live on its domain."
        }
        confirmLabel={destructive ? "Delete" : "Publish"}
        destructive={destructive}
        onConfirm={() => new Promise((resolve) => setTimeout(resolve, 800))}
      />
    </>
  );
}

export const Destructive: StoryObj<typeof ConfirmDialog> = { render: () => <Demo destructive /> };
export const Default: StoryObj<typeof ConfirmDialog> = {
  render: () => <Demo destructive={false} />,
};
