import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/button";
import { Field } from "../field/field";
import { Input } from "../input/input";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog";

const meta: Meta<typeof Dialog> = {
  title: "Components/Dialog",
  component: Dialog,
  parameters: { controls: { disable: true } },
};
export default meta;

export const CreateDomain: StoryObj<typeof Dialog> = {
  render: () => (
    <Dialog defaultOpen>
      <DialogTrigger asChild>
        <Button>Create Domain</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Domain</DialogTitle>
          <DialogDescription>The website where your floows will load.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <Field label="Name">
            <Input placeholder="My shop" />
          </Field>
          <Field label="Host">
            <Input placeholder="www.example.com" />
          </Field>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button>Create Domain</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
};
