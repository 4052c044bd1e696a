import { expect, type Page } from "@playwright/test";

/**
 * A tRPC call from inside the page (same origin, the session cookie, JSON): a query without
 * `input`, a mutation with it. For the set-up a journey needs but does not test.
 */
export async function trpc<T>(page: Page, path: string, input?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, input }) => {
      const response =
        input === undefined
          ? await fetch(`/trpc/${path}`, { credentials: "include" })
          : await fetch(`/trpc/${path}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              credentials: "include",
              body: JSON.stringify(input),
            });
      const body = await response.json();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return body.result.data;
    },
    { path, input },
  ) as Promise<T>;
}

/**
 * Signs a new user up through the screens (a unique e-mail address per run) and creates
 * their organization, ending on Home.
 */
export async function signUpWithOrganization(
  page: Page,
  user: { name: string; organization: string },
): Promise<void> {
  const local = user.name.split(" ")[0]!.toLowerCase();
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill(user.name);
  await page
    .getByLabel("Email")
    .fill(`${local}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Organization name").fill(user.organization);
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
}
