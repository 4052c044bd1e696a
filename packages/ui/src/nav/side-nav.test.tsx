import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HomeIcon } from "../icons/icons";
import { NavGroup, NavItem, NavProfile, NavSubItem, NavSubList, SideNav } from "./side-nav";

describe("SideNav", () => {
  it("has the expanded and collapsed widths", () => {
    const { rerender } = render(<SideNav expanded aria-label="Main" />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(nav.className).toContain("w-nav-expanded");
    expect(nav.className).toContain("duration-500");
    rerender(<SideNav expanded={false} aria-label="Main" />);
    expect(nav.className).toContain("w-nav-collapsed");
    expect(nav.getAttribute("data-expanded")).toBe("false");
  });

  it("marks the active item as the current page", () => {
    render(
      <SideNav expanded>
        <NavItem href="/" icon={<HomeIcon />} label="Home" active />
        <NavItem href="/floows" icon={<HomeIcon />} label="Floows" />
      </SideNav>,
    );
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Floows" }).getAttribute("aria-current")).toBeNull();
  });

  it("puts icon and label inside a router link given with asChild", () => {
    render(
      <SideNav expanded>
        <NavItem asChild icon={<HomeIcon />} label="Domains" active>
          <a href="/domains" data-router="yes" />
        </NavItem>
      </SideNav>,
    );
    const link = screen.getByRole("link", { name: "Domains" });
    expect(link.getAttribute("data-router")).toBe("yes");
    expect(link.getAttribute("data-active")).toBe("true");
    expect(link.querySelector("svg")).not.toBeNull();
  });

  it("keeps labels for screen readers while collapsed, and the sub-lists' place with their entries out of reach", () => {
    render(
      <SideNav expanded={false}>
        <NavGroup label="Help">
          <NavItem href="/documentation" icon={<HomeIcon />} label="Documentation" />
        </NavGroup>
        <NavSubList>
          <NavSubItem href="/domains/domain#general">Shop</NavSubItem>
        </NavSubList>
      </SideNav>,
    );
    expect(screen.getByRole("link", { name: "Documentation" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Help" })).toBeTruthy();
    // Hiding the entries (display: none) would make hover move the items below them.
    const list = screen.getByText("Shop").closest("ul")!;
    expect(list.hidden).toBe(false);
    expect(list.hasAttribute("inert")).toBe(true);
    expect(list.className).toContain("*:invisible");
  });

  it("shows and enables the sub-lists while expanded", () => {
    render(
      <SideNav expanded>
        <NavSubList>
          <NavSubItem href="/domains/domain#general">Shop</NavSubItem>
        </NavSubList>
      </SideNav>,
    );
    const list = screen.getByRole("link", { name: "Shop" }).closest("ul")!;
    expect(list.hasAttribute("inert")).toBe(false);
    expect(list.className).not.toContain("*:invisible");
  });

  it("shows a profile block with name and caption", () => {
    render(
      <SideNav expanded>
        <NavProfile href="/settings" avatar={<span>JD</span>} name="Jane Doe" caption="Admin" />
      </SideNav>,
    );
    const link = screen.getByRole("link", { name: /Jane Doe/ });
    expect(link.textContent).toContain("Admin");
    expect(link.getAttribute("href")).toBe("/settings");
  });
});
