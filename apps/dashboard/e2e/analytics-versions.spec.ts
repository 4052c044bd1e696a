import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DashboardClient } from "@floow/test-kit";

/**
 * Analytics by published version (issue 26): a floow published twice, shoppers' events that
 * carry the version they were shown (`floowVersion`, as the runtime stamps it), and the floow's
 * analytics page: "All versions" counts every session, the Version select narrows to one.
 */

const API = `http://localhost:${process.env.E2E_PORT ?? 3310}`;

test("a floow's analytics filter by the published version its shoppers were shown", async ({
  page,
}) => {
  const client = new DashboardClient(API);
  const email = `vera.${Date.now()}.${randomUUID().slice(0, 8)}@example.com`;
  const password = "correct-horse-battery";
  await client.signUp("Vera Versions", email, password);
  const organization = await client.mutation<{ id: string }>("organization.create", {
    name: "Versions",
    displayName: "Versions",
  });
  const domainId = randomUUID();
  await client.mutation("domain.create", {
    id: domainId,
    name: "Shop",
    host: "versions.example",
    fonts: [],
  });
  const floow = await client.mutation<{ id: string }>("floow.create", {
    domainId,
    type: "data",
    name: "Newsletter",
  });
  await client.mutation("floow.publish", { id: floow.id, note: "First go" });
  await client.mutation("floow.publish", { id: floow.id, note: "Shorter texts" });

  // Three shoppers of version 1 (one starts), two of version 2: what the runtime would send.
  const sessions: [string, number, string[]][] = [
    ["a", 1, ["mount", "start"]],
    ["b", 1, ["mount"]],
    ["c", 1, ["mount"]],
    ["d", 2, ["mount", "start"]],
    ["e", 2, ["mount", "start"]],
  ];
  const events = sessions.flatMap(([sessionId, floowVersion, types]) =>
    types.map((type) => ({
      event: "floows",
      v: 1,
      id: randomUUID(),
      organizationId: organization.id,
      domainId,
      floowId: floow.id,
      floowVersion,
      sessionId,
      createdAt: new Date().toISOString(),
      type,
    })),
  );
  const stored = await fetch(`${API}/api/public/events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ events }),
  });
  expect(await stored.json()).toEqual({ accepted: events.length, ignored: 0 });

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.goto(`/analytics/floow/${floow.id}`);
  const views = page.getByTestId("figure-Views");
  const starts = page.getByTestId("figure-Starts");
  const version = page.getByLabel("Version", { exact: true });
  await expect(version).toHaveValue("");
  await expect(version.locator("option")).toHaveText([
    "All versions",
    "v2 · live · Shorter texts",
    "v1 · First go",
  ]);
  await expect(views).toHaveText("5");
  await expect(starts).toHaveText("3");

  await version.selectOption({ label: "v1 · First go" });
  await expect(page).toHaveURL(/version=1/);
  await expect(views).toHaveText("3");
  await expect(starts).toHaveText("1");
  await page.screenshot({ path: "/tmp/versions-server-analytics-v1.png", fullPage: false });

  await version.selectOption({ label: "v2 · live · Shorter texts" });
  await expect(views).toHaveText("2");
  await expect(starts).toHaveText("2");

  // The choice survives a reload (it is in the address), and "All versions" counts everyone again.
  await page.reload();
  await expect(version).toHaveValue("2");
  await expect(views).toHaveText("2");
  await version.selectOption({ label: "All versions" });
  await expect(views).toHaveText("5");
});
