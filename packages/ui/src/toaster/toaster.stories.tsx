import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/button";
import { Toaster, toast } from "./toaster";

const meta: Meta<typeof Toaster> = {
  title: "Components/Toaster",
  component: Toaster,
  parameters: { controls: { disable: true } },
};
export default meta;

export const Toasts: StoryObj<typeof Toaster> = {
  render: () => (
    <div className="flex gap-3">
      <Toaster />
      <Button onClick={() => toast.success("Success: Organization Acme created successfully")}>
        Success
      </Button>
      <Button
        variant="destructive"
        onClick={() => toast.error("Error: An error occurred while creating the organization")}
      >
        Error
      </Button>
    </div>
  ),
};
