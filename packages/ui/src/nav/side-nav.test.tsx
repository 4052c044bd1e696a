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

  it("keeps labels for screen readers while collapsed, and the sub-lists' place", () => {
    render(
      <SideNav expanded={false}>
        <NavGroup label="Help">
          <NavItem href="/documentation" icon={<HomeIcon />} label="Documentation" />
        </NavGroup>
        <NavSubList>
          <NavSubItem href="/domains/domain#general" mark="BN">
            Bikes NL
          </NavSubItem>
          <NavSubItem href="/domains/domain#general">Plain</NavSubItem>
        </NavSubList>
      </SideNav>,
    );
    expect(screen.getByRole("link", { name: "Documentation" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Help" })).toBeTruthy();
    // Hiding entries (display: none) would make hover move the items below them: an entry
    // with a mark stays a link, showing the mark; one without is kept in place, out of reach.
    const marked = screen.getByRole("link", { name: "Bikes NL" });
    expect(marked.closest("li")!.hasAttribute("inert")).toBe(false);
    expect(marked.textContent).toBe("BNBikes NL");
    const plain = screen.getByText("Plain").closest("li")!;
    expect(plain.hidden).toBe(false);
    expect(plain.hasAttribute("inert")).toBe(true);
    expect(plain.className).toContain("invisible");
  });

  it("shows and enables every sub-list entry while expanded", () => {
    render(
      <SideNav expanded>
        <NavSubList>
          <NavSubItem href="/domains/domain#general">Shop</NavSubItem>
        </NavSubList>
      </SideNav>,
    );
    const entry = screen.getByRole("link", { name: "Shop" }).closest("li")!;
    expect(entry.hasAttribute("inert")).toBe(false);
    expect(entry.className).not.toContain("invisible");
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
