import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectToast } from "./support/toasts";

// mailparser is the API's (test) dependency: resolve it from there.
type ParsedMail = { subject?: string; text?: string; to?: { text: string } | { text: string }[] };
const { simpleParser } = createRequire(new URL("../../api/package.json", import.meta.url))(
  "mailparser",
) as {
  simpleParser: (source: Buffer) => Promise<ParsedMail>;
};

const SHOTS = process.env.E2E_SHOTS_DIR ?? "";
/** Screenshots for review when E2E_SHOTS_DIR is set; dialogs as the viewport shows them. */
const shot = async (page: Page, name: string, { fullPage = true } = {}) => {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
};

/**
 * The e-mails the server wrote to its outbox (no SMTP_URL in the journeys: DATA_DIR/outbox),
 * the newest to `to` with a link under `path`; waits until one arrives.
 */
async function mailLink(
  to: string,
  path: string,
  seen: Set<string>,
): Promise<{ subject: string; link: string }> {
  const outbox = join(process.env.FLOOW_E2E_DATA_DIR!, "outbox");
  let found: { subject: string; link: string } | undefined;
  await expect
    .poll(async () => {
      let files: string[];
      try {
        files = readdirSync(outbox)
          .filter((file) => file.endsWith(".eml") && !seen.has(file))
          .sort();
      } catch {
        return false;
      }
      for (const file of files) {
        const mail = await simpleParser(readFileSync(join(outbox, file)));
        const recipient = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
        const link = (mail.text ?? "")
          .match(/https?:\/\/\S+/g)
          ?.find((url: string) => new URL(url).pathname === path);
        if (recipient?.toLowerCase() === to.toLowerCase() && link) {
          seen.add(file);
          found = { subject: mail.subject ?? "", link };
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found!;
}

async function newUserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...test.info().project.use });
  return context.newPage();
}

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("teams and accounts: invite by e-mail, join, remove; reset password, change e-mail, delete user", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const adminEmail = `ada.${stamp}@example.com`;
  const memberEmail = `max.${stamp}@example.com`;
  const seen = new Set<string>();

  // The admin starts an organization with one floow.
  await signUp(page, "Ada Admin", adminEmail, "correct-horse-battery");
  await page.getByLabel("Organization name").fill("Team Journey");
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Admin");
  const write = (path: string, data: unknown) =>
    page.request.post(`/trpc/${path}`, {
      data,
      headers: { origin: baseURL!, "content-type": "application/json" },
    });
  const domainId = randomUUID();
  expect(
    (
      await write("domain.create", { id: domainId, name: "Team shop", host: "team-shop.example" })
    ).ok(),
  ).toBe(true);
  expect((await write("floow.create", { domainId, type: "data", name: "Team floow" })).ok()).toBe(
    true,
  );

  // Invite Teammember: the spec's messages, then the invitation.
  await page.goto("/settings#organization");
  const team = page.getByRole("table", { name: "Team" });
  await expect(team).toContainText(adminEmail);
  // The only admin cannot leave: no Leave button on their row.
  await expect(team.getByRole("button", { name: "Leave" })).toHaveCount(0);
  await page.getByRole("button", { name: "Invite Teammember" }).click();
  const invite = page.getByRole("dialog", { name: "Invite Teammember" });
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("Must be a valid email address", { exact: true })).toBeVisible();
  await expect(invite.getByText("Please select a role", { exact: true })).toBeVisible();
  await shot(page, "01-invite-dialog-errors", { fullPage: false });
  await invite.getByLabel("Email").fill(memberEmail);
  await invite.getByLabel("Role").selectOption({ label: "Member" });
  await invite.getByLabel("Name (optional)").fill("Max Member");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(page, `Invitation sent to ${memberEmail}`);
  const pending = page.getByRole("region", { name: "Pending invitations" });
  await expect(pending).toContainText(memberEmail);
  await shot(page, "02-team-with-pending-invitation");

  // The member follows the e-mailed link, signs up with the invited address and lands in the organization.
  const invitation = await mailLink(memberEmail, "/invitation", seen);
  expect(invitation.subject).toBe("Ada Admin invited you to Team Journey on Floow");
  expect(invitation.link.startsWith(`${baseURL}/invitation?token=`)).toBe(true);
  const member = await newUserPage(browser);
  await member.goto(invitation.link);
  await expect(member.getByRole("heading", { name: "Join Team Journey" })).toBeVisible();
  await expect(member.getByText("Ada Admin invited you to join")).toBeVisible();
  await expect(member.getByLabel("Email")).toHaveValue(memberEmail);
  await expect(member.getByLabel("Name")).toHaveValue("Max Member");
  await member.getByLabel("Password").fill("password");
  await member.getByRole("button", { name: "Create account and join" }).click();
  await expect(member.getByRole("alert")).toContainText("This password is too easy to guess.");
  await shot(member, "03-accept-invitation-weak-password");
  await member.getByLabel("Password").fill("maple-trolley-quartz-88");
  await member.getByRole("button", { name: "Create account and join" }).click();
  await expect(member.getByRole("navigation", { name: "Main" })).toContainText("Member");
  await member.goto("/floows");
  await expect(member.getByText("Team floow")).toBeVisible();
  await shot(member, "04-member-sees-floows");

  // The admin sees the new teammember and removes them; their next request is refused.
  await page.reload();
  await expect(team).toContainText(memberEmail);
  await expect(pending).toHaveCount(0);
  await shot(page, "05-team-list");
  await team
    .getByRole("row", { name: /Max Member/ })
    .getByRole("button", { name: "Remove" })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Remove Teammember" });
  await expect(confirm).toContainText("Max Member loses access to Team Journey at once.");
  await shot(page, "06-remove-teammember-confirm", { fullPage: false });
  await confirm.getByRole("button", { name: "Remove Teammember" }).click();
  await expectToast(page, "Max Member removed");
  await expect(team).not.toContainText(memberEmail);
  const refused = await member.request.get("/trpc/floow.list");
  expect(refused.status()).toBe(403);
  await member.goto("/floows");
  await expect(member.getByRole("form", { name: "Create organization" })).toBeVisible();
  await member.context().close();

  // Change Password: the request, the e-mailed link, a new password; every session ends.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Change password" }).click();
  const passwordDialog = page.getByRole("dialog", { name: "Change Password" });
  await passwordDialog.getByLabel("Email").fill("someone@else.example");
  await passwordDialog.getByRole("button", { name: "Send link" }).click();
  await expect(
    passwordDialog.getByText("Email should be correct and match the user email", { exact: true }),
  ).toBeVisible();
  await passwordDialog.getByLabel("Email").fill(adminEmail);
  await passwordDialog.getByRole("button", { name: "Send link" }).click();
  await expectToast(page, `Password change request sent to: ${adminEmail}`);
  const reset = await mailLink(adminEmail, "/reset-password", seen);
  expect(reset.subject).toBe("Change your Floow password");
  await page.goto(reset.link);
  await page.getByLabel("New password", { exact: true }).fill("12345678");
  await page.getByLabel("Repeat the new password").fill("12345678");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This password is too easy to guess.");
  await shot(page, "07-reset-password-weak");
  await page.getByLabel("New password", { exact: true }).fill("lantern-okapi-drizzle-51");
  await page.getByLabel("Repeat the new password").fill("lantern-okapi-drizzle-51");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
  await shot(page, "08-password-changed");
  await page.getByRole("link", { name: "Sign in" }).click();
  await signIn(page, adminEmail, "lantern-okapi-drizzle-51");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  // Change Email: a confirmation to the new address; following it logs out through /logout.
  const newEmail = `ada.new.${stamp}@example.com`;
  await page.goto("/settings");
  await shot(page, "09-personal-settings");
  await page.getByRole("button", { name: "Change email" }).click();
  const emailDialog = page.getByRole("dialog", { name: "Change Email" });
  await emailDialog.getByLabel("Old email").fill("wrong@example.com");
  await emailDialog.getByLabel("New email").fill(newEmail);
  await emailDialog.getByRole("button", { name: "Send confirmation" }).click();
  await expect(
    emailDialog.getByText("Old email must match the current user email", { exact: true }),
  ).toBeVisible();
  await emailDialog.getByLabel("Old email").fill(adminEmail);
  await emailDialog.getByRole("button", { name: "Send confirmation" }).click();
  await expect(emailDialog.getByRole("status")).toContainText(
    `We sent a confirmation link to ${newEmail}`,
  );
  await shot(page, "10-change-email-sent", { fullPage: false });
  await emailDialog.getByRole("button", { name: "Done" }).click();
  const confirmation = await mailLink(newEmail, "/confirm-email", seen);
  expect(confirmation.subject).toBe("Confirm your new Floow e-mail address");
  await page.goto(confirmation.link);
  await shot(page, "11-confirm-email");
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expectToast(page, `Your e-mail address is now ${newEmail}. Sign in with it.`, {
    dismiss: false,
  });
  await signIn(page, newEmail, "lantern-okapi-drizzle-51");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  // Delete user: the confirmation, 'User deleted' for 2 s, then the page reloads to /login.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete user" }).click();
  const deleteDialog = page.getByRole("alertdialog", { name: "Delete user" });
  await shot(page, "12-delete-user-confirm", { fullPage: false });
  await deleteDialog.getByRole("button", { name: "Delete user" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "User deleted" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, newEmail, "lantern-okapi-drizzle-51");
  await expect(page.getByRole("alert")).toBeVisible();

  // Forgot password? on /login asks for the address and answers the same for any address.
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(newEmail);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await shot(page, "13-forgot-password-sent");
});
