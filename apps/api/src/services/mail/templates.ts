/**
 * Floow's e-mails: plain, branded, English, a text part and a small HTML part with one
 * action link. Every link is absolute on PUBLIC_URL.
 */
import type { MailMessage } from "./mailer";

interface Layout {
  to: string;
  subject: string;
  /** Paragraphs before the action. */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after the action (expiry, "ignore this if…"). */
  outro: string[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function layout({ to, subject, intro, action, outro }: Layout): MailMessage {
  const text =
    [...intro, `${action.label}: ${action.url}`, ...outro, "— Floow"].join("\n\n") + "\n";
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937;font-size:15px;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<div style="font-weight:700;font-size:20px;margin-bottom:24px;color:#111827">Floow</div>
${intro.map(p).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Or open this link: <a href="${escapeHtml(action.url)}" style="color:#374151">${escapeHtml(action.url)}</a></p>
${outro.map(p).join("\n")}
</div></body></html>
`;
  return { to, subject, text, html, links: [action.url] };
}

export function invitationMail(input: {
  to: string;
  organizationName: string;
  inviterName: string;
  role: "admin" | "member";
  url: string;
  expiresAt: Date;
}): MailMessage {
  const role = input.role === "admin" ? "an admin" : "a member";
  return layout({
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.organizationName} on Floow`,
    intro: [
      "Hello,",
      `${input.inviterName} invited you to join ${input.organizationName} on Floow as ${role}.`,
      `Open the link below, then create your account or sign in with this e-mail address (${input.to}).`,
    ],
    action: { label: "Accept the invitation", url: input.url },
    outro: [
      `The link works once and expires on ${input.expiresAt.toUTCString()}.`,
      "If you were not expecting this invitation, you can ignore this e-mail.",
    ],
  });
}

export function passwordResetMail(input: {
  to: string;
  url: string;
  expiresInMinutes: number;
}): MailMessage {
  return layout({
    to: input.to,
    subject: "Change your Floow password",
    intro: [
      "Hello,",
      "Someone asked to change the password of your Floow account. Open the link below to choose a new one.",
    ],
    action: { label: "Choose a new password", url: input.url },
    outro: [
      `The link expires in ${input.expiresInMinutes} minutes. Changing the password signs you out everywhere.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ],
  });
}

export function emailChangeMail(input: {
  to: string;
  oldEmail: string;
  url: string;
  expiresInHours: number;
}): MailMessage {
  return layout({
    to: input.to,
    subject: "Confirm your new Floow e-mail address",
    intro: [
      "Hello,",
      `Someone asked to change the e-mail address of the Floow account ${input.oldEmail} to this address (${input.to}).`,
    ],
    action: { label: "Confirm the new address", url: input.url },
    outro: [
      `The link expires in ${input.expiresInHours} hours. Until it is followed, nothing changes.`,
      "If you did not ask for this, ignore this e-mail.",
    ],
  });
}

/**
 * To an address that already has an account, when another account asked to move to it
 * (`user.changeEmail`). The requester is answered exactly as for a free address, so the
 * answer tells nobody whether an account exists; the address's owner learns of the attempt
 * here. There is no confirmation link: nothing can be confirmed.
 */
export function emailInUseNotice(input: {
  to: string;
  requesterEmail: string;
  url: string;
}): MailMessage {
  return layout({
    to: input.to,
    subject: "Someone tried to use your e-mail address on Floow",
    intro: [
      "Hello,",
      `The Floow account ${input.requesterEmail} asked to change its e-mail address to this address (${input.to}).`,
      "This address already belongs to a Floow account, so nothing was changed: not on your account, and not on the other one.",
    ],
    action: { label: "Open Floow", url: input.url },
    outro: [
      "If it was you, sign in with this address instead (Forgot password on the sign-in page sends you a new one).",
      "If it was not you, you can ignore this e-mail: your account, its password and its sessions are as they were.",
    ],
  });
}

/** To the old address once the change is done, so a hijacked session cannot change it quietly. */
export function emailChangedNotice(input: {
  to: string;
  newEmail: string;
  url: string;
}): MailMessage {
  return layout({
    to: input.to,
    subject: "Your Floow e-mail address was changed",
    intro: [
      "Hello,",
      `The e-mail address of your Floow account is now ${input.newEmail}. You were signed out everywhere.`,
    ],
    action: { label: "Open Floow", url: input.url },
    outro: ["If you did not do this, contact your organization's admin or Floow support at once."],
  });
}
