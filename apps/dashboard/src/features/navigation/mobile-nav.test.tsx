import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../test/router";
import type { SideNavData } from "./app-side-nav";
import { MobileTopBar } from "./mobile-nav";

const data: SideNavData = {
  user: { user_id: "u1", name: "Jane van Doe", picture: null },
  roles: ["admin"],
  domains: [{ id: "d1", name: "Bike shop" }],
};

async function renderAt(path: string) {
  const router = renderInRouter(<MobileTopBar data={data} />, path);
  const menu = await screen.findByRole("button", { name: "Open menu" });
  return { menu, router };
}

describe("MobileTopBar", () => {
  it("opens the whole navigation, expanded, in a drawer named Menu; Escape closes it", async () => {
    const { menu } = await renderAt("/floows");
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(menu);
    const drawer = screen.getByRole("dialog", { name: "Menu" });
    const nav = within(drawer).getByRole("navigation", { name: "Main" });
    expect(nav.getAttribute("data-expanded")).toBe("true");
    expect(within(nav).getByRole("link", { name: "Floows" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(menu);
  });

  it("closes when a link in it is followed, on the page it leads to", async () => {
    const { menu, router } = await renderAt("/");
    await userEvent.click(menu);
    await userEvent.click(
      within(screen.getByRole("dialog", { name: "Menu" })).getByRole("link", {
        name: "Analytics",
      }),
    );
    expect(router.state.location.pathname).toBe("/analytics");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on the browser's Back, on the page it goes back to", async () => {
    const { menu, router } = await renderAt("/");
    await act(() => router.navigate({ to: "/floows" }));
    await userEvent.click(menu);
    expect(screen.getByRole("dialog", { name: "Menu" })).toBeTruthy();
    act(() => router.history.back());
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("stays open for Support, whose dialog opens over it", async () => {
    const { menu } = await renderAt("/");
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole("button", { name: "Support" }));
    expect(await screen.findByRole("dialog", { name: "Support" })).toBeTruthy();
    // Still there under it (hidden from assistive technology while Support is open).
    expect(screen.getByText("Menu").closest('[role="dialog"]')).toBeTruthy();
  });
});
