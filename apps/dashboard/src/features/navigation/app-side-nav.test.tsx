import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getSelectedDomainId, selectDomain } from "../../lib/selected-domain";
import { renderInRouter } from "../../test/router";
import { AppSideNav, type SideNavData } from "./app-side-nav";

const data: SideNavData = {
  user: { user_id: "u1", name: "Jane van Doe", picture: null },
  roles: ["admin"],
  domains: [
    { id: "d1", name: "Bike shop" },
    { id: "d2", name: "Outdoor store" },
  ],
};

async function renderAt(path: string, navData: SideNavData = data) {
  // The support dialog talks to the API: renderInRouter's answers nothing.
  const router = renderInRouter(<AppSideNav data={navData} />, path);
  const nav = await screen.findByRole("navigation", { name: "Main" });
  return { nav, router };
}

afterEach(() => selectDomain(null));

describe("AppSideNav", () => {
  it("is expanded on home and highlights Home only", async () => {
    const { nav } = await renderAt("/");
    expect(nav.getAttribute("data-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("data-active")).toBe("true");
    expect(screen.getByRole("link", { name: "Floows" }).getAttribute("data-active")).toBe("false");
  });

  it("is collapsed elsewhere and expands while hovered", async () => {
    const { nav } = await renderAt("/floows");
    expect(nav.getAttribute("data-expanded")).toBe("false");
    fireEvent.mouseEnter(nav);
    expect(nav.getAttribute("data-expanded")).toBe("true");
    fireEvent.mouseLeave(nav);
    expect(nav.getAttribute("data-expanded")).toBe("false");
  });

  it("highlights by path prefix", async () => {
    await renderAt("/analytics/floow/f1");
    expect(screen.getByRole("link", { name: "Analytics" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("tells Personal from Organization settings by the hash", async () => {
    await renderAt("/settings#organization");
    expect(screen.getByRole("link", { name: "Organization" }).getAttribute("data-active")).toBe(
      "true",
    );
    expect(screen.getByRole("link", { name: "Personal" }).getAttribute("data-active")).toBe(
      "false",
    );
    expect(screen.getByRole("link", { name: "Personal" }).getAttribute("aria-current")).toBeNull();
  });

  it("shows the profile block with initials and the role label, linking to /settings", async () => {
    await renderAt("/");
    const profile = screen.getByRole("link", { name: /Jane van Doe/ });
    expect(profile.getAttribute("href")).toBe("/settings");
    expect(within(profile).getByText("JD")).toBeTruthy();
    expect(within(profile).getByText("Admin")).toBeTruthy();
  });

  it("labels a user without the admin role Member", async () => {
    await renderAt("/", { ...data, roles: ["member"] });
    expect(
      within(screen.getByRole("link", { name: /Jane van Doe/ })).getByText("Member"),
    ).toBeTruthy();
  });

  it("lists the domains; choosing one selects it and opens /domains/domain#general", async () => {
    const { router } = await renderAt("/");
    const entry = screen.getByRole("link", { name: "Outdoor store" });
    expect(entry.getAttribute("href")).toBe("/domains/domain#general");
    await userEvent.click(entry);
    expect(getSelectedDomainId()).toBe("d2");
    expect(router.state.location.pathname).toBe("/domains/domain");
    expect(router.state.location.hash).toBe("general");
    expect(screen.getByRole("link", { name: "Outdoor store" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("link", { name: "Bike shop" }).getAttribute("aria-current")).toBeNull();
  });

  it("has the help and settings groups, the terms in a new tab and a full-page logout", async () => {
    await renderAt("/");
    const help = screen.getByRole("group", { name: "Help" });
    expect(within(help).getByRole("link", { name: "Documentation" }).getAttribute("href")).toBe(
      "/documentation",
    );
    const settings = screen.getByRole("group", { name: "Settings" });
    expect(within(settings).getByRole("link", { name: "Organization" }).getAttribute("href")).toBe(
      "/settings#organization",
    );
    const terms = within(settings).getByRole("link", { name: "Terms of service" });
    expect(terms.getAttribute("href")).toBe("/terms-of-service-01022025.pdf");
    expect(terms.getAttribute("target")).toBe("_blank");
    expect(within(settings).getByRole("link", { name: "Logout" }).getAttribute("href")).toBe(
      "/logout",
    );
  });

  it("opens the support dialog", async () => {
    await renderAt("/");
    await userEvent.click(screen.getByRole("button", { name: "Support" }));
    const dialog = await screen.findByRole("dialog", { name: "Support" });
    expect(within(dialog).getByLabelText("Subject")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Send ticket" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
