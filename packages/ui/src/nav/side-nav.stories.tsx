import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { Avatar } from "../avatar/avatar";
import {
  BookIcon,
  BuildingIcon,
  ChartIcon,
  FlowIcon,
  GlobeIcon,
  HomeIcon,
  LifebuoyIcon,
  LogOutIcon,
  PackageIcon,
  UserIcon,
} from "../icons/icons";
import {
  NavButton,
  NavGroup,
  NavItem,
  NavProfile,
  NavSubItem,
  NavSubList,
  SideNav,
} from "./side-nav";

function Example({ initiallyExpanded }: { initiallyExpanded: boolean }) {
  const [hovered, setHovered] = useState(false);
  const expanded = initiallyExpanded || hovered;
  return (
    <div className="h-[40rem]">
      <SideNav
        expanded={expanded}
        aria-label="Main"
        className="gap-4 p-2"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <NavProfile
          href="#settings"
          avatar={<Avatar alt="Jane Doe" initials="JD" />}
          name="Jane Doe"
          caption="Admin"
        />
        <NavGroup>
          <NavItem href="#" icon={<HomeIcon />} label="Home" active />
          <NavItem href="#domains" icon={<GlobeIcon />} label="Domains" />
          <NavSubList>
            <NavSubItem href="#shop" mark="S">
              shop.example.com
            </NavSubItem>
            <NavSubItem href="#blog" mark="B" active>
              blog.example.com
            </NavSubItem>
          </NavSubList>
          <NavItem href="#floows" icon={<FlowIcon />} label="Floows" />
          <NavItem href="#products" icon={<PackageIcon />} label="Products" />
          <NavItem href="#analytics" icon={<ChartIcon />} label="Analytics" />
        </NavGroup>
        <NavGroup label="Help">
          <NavItem href="#documentation" icon={<BookIcon />} label="Documentation" />
          <NavButton icon={<LifebuoyIcon />} label="Support" />
        </NavGroup>
        <NavGroup label="Settings">
          <NavItem href="#settings" icon={<UserIcon />} label="Personal" />
          <NavItem href="#organization" icon={<BuildingIcon />} label="Organization" />
          <NavItem href="#logout" icon={<LogOutIcon />} label="Logout" />
        </NavGroup>
      </SideNav>
    </div>
  );
}

const meta: Meta<typeof Example> = {
  title: "Components/SideNav",
  component: Example,
  parameters: { layout: "fullscreen", controls: { disable: true } },
};
export default meta;

export const Expanded: StoryObj<typeof Example> = { args: { initiallyExpanded: true } };
export const CollapsedExpandsOnHover: StoryObj<typeof Example> = {
  args: { initiallyExpanded: false },
};
