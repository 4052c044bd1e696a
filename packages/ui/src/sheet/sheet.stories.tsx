import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/button";
import { MenuIcon } from "../icons/icons";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "./sheet";

const meta: Meta<typeof SheetContent> = {
  title: "Components/Sheet",
  component: SheetContent,
  args: { side: "left" },
  argTypes: { side: { control: "inline-radio", options: ["left", "right"] } },
};
export default meta;

/** The dashboard's navigation drawer on a phone or a tablet. */
export const MenuDrawer: StoryObj<typeof SheetContent> = {
  render: (args) => (
    <Sheet defaultOpen>
      <SheetTrigger asChild>
        <Button variant="outline" aria-label="Open menu">
          <MenuIcon size={18} />
        </Button>
      </SheetTrigger>
      <SheetContent {...args} className="gap-3 p-5">
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription>The dashboard's navigation.</SheetDescription>
        <nav className="flex flex-col gap-1 text-sm">
          <a href="#home">Home</a>
          <a href="#floows">Floows</a>
          <a href="#analytics">Analytics</a>
        </nav>
      </SheetContent>
    </Sheet>
  ),
};
