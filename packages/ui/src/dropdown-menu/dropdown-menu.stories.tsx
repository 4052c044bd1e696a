import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/button";
import { ArchiveIcon, CopyIcon, MoreHorizontalIcon, RocketIcon, TrashIcon } from "../icons/icons";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

const meta: Meta<typeof DropdownMenu> = {
  title: "Components/DropdownMenu",
  component: DropdownMenu,
  parameters: {
    controls: { disable: true },
    a11y: {
      config: {
        rules: [
          // An open Radix menu hides the rest of the page (its trigger too) with aria-hidden
          // while focus stays in the menu; Escape returns focus to the trigger. axe sees a
          // focusable trigger in a hidden tree, which no keyboard or screen reader user can
          // reach while the menu is open.
          { id: "aria-hidden-focus", enabled: false },
        ],
      },
    },
  },
};
export default meta;

export const FloowActions: StoryObj<typeof DropdownMenu> = {
  render: () => (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Actions">
          <MoreHorizontalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem>
          <RocketIcon size={16} /> Publish
        </DropdownMenuItem>
        <DropdownMenuItem>
          <CopyIcon size={16} /> Duplicate
        </DropdownMenuItem>
        <DropdownMenuItem>
          <ArchiveIcon size={16} /> Archive
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive>
          <TrashIcon size={16} /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
};
