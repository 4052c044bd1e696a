import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";

/** One e-mail: plain text always, HTML optional. `links` are logged when it goes to the outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The message's action links (logged at `info` by the outbox, so a local user can follow them). */
  links?: string[];
}

export interface SentMail {
  /** The `.eml` file for the outbox, the SMTP message id otherwise. */
  id: string;
}

export interface Mailer {
  /** `smtp` when SMTP_URL is set, else `outbox` (DATA_DIR/outbox/*.eml). */
  readonly kind: "smtp" | "outbox";
  readonly from: string;
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

/**
 * Outgoing e-mail and the origin its links point at (PUBLIC_URL): made once in `createServer`
 * (`app.mail`), handed to better-auth (password resets) and to procedures (`ctx.mail`).
 */
export interface MailContext {
  mailer: Mailer;
  publicUrl: string;
}

export interface MailLogger {
  info(obj: object, msg: string): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587`, `smtps://…:465`; none: the outbox. */
  smtpUrl?: string;
  /** The sender, e.g. `Floow <no-reply@floow.example.com>`. */
  from: string;
  /** Where the outbox writes its `.eml` files (DATA_DIR/outbox). */
  outboxDir: string;
  logger?: MailLogger;
}

/**
 * The API's outgoing e-mail (invitations, password resets, e-mail changes; webhooks may tell
 * admins about a disabled endpoint). With SMTP_URL it sends through nodemailer's SMTP
 * transport; without it (the embedded default) every message is written to the outbox folder
 * as one `.eml` file and its links are logged, so a single-machine install can still invite
 * teammates and reset passwords.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) return smtpMailer(options.smtpUrl, options.from);
  return outboxMailer(options.outboxDir, options.from, options.logger);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    from,
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      return { id: String(info.messageId) };
    },
    close() {
      transport.close();
    },
  };
}

function outboxMailer(outboxDir: string, from: string, logger?: MailLogger): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "outbox",
    from,
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger?.info(
        { to: message.to, subject: message.subject, file, links: message.links ?? [] },
        "e-mail written to the outbox (no SMTP_URL)",
      );
      return { id: file };
    },
    close() {
      transport.close();
    },
  };
}
