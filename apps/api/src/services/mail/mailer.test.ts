import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, startTestSmtp } from "../../../test/mail";
import type { TestSmtp } from "../../../test/mail";
import { createMailer } from "./mailer";
import { passwordResetMail } from "./templates";

describe("mailer", () => {
  let smtp: TestSmtp;
  let dir: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    dir = await mkdtemp(path.join(tmpdir(), "floow-outbox-"));
  });
  afterAll(async () => {
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  });

  const message = () =>
    passwordResetMail({
      to: "ann@example.com",
      url: "https://floow.example/reset-password?token=abc",
      expiresInMinutes: 60,
    });

  it("sends through SMTP when SMTP_URL is set: sender, recipient, subject, text and HTML parts", async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Floow <no-reply@floow.example>",
      outboxDir: dir,
    });
    expect(mailer.kind).toBe("smtp");
    await mailer.send(message());
    mailer.close();
    const mail = await smtp.next("ann@example.com", 0);
    expect(mail.from?.value[0]?.address).toBe("no-reply@floow.example");
    expect(mail.subject).toBe("Change your Floow password");
    expect(linkIn(mail, "https://floow.example/").toString()).toBe(
      "https://floow.example/reset-password?token=abc",
    );
    expect(mail.html).toContain("Floow");
    expect(mail.text).toContain("— Floow");
  });

  it("writes one .eml per message to the outbox and logs its links at info without SMTP_URL", async () => {
    const logged: { obj: object; msg: string }[] = [];
    const outbox = path.join(dir, "outbox");
    const mailer = createMailer({
      from: "Floow <no-reply@localhost>",
      outboxDir: outbox,
      logger: { info: (obj, msg) => logged.push({ obj, msg }) },
    });
    expect(mailer.kind).toBe("outbox");
    const sent = await mailer.send(message());
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(sent.id).toBe(path.join(outbox, files[0]!));
    const mail = await simpleParser(await readFile(sent.id));
    expect(mail.subject).toBe("Change your Floow password");
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("ann@example.com");
    expect(logged).toEqual([
      {
        msg: "e-mail written to the outbox (no SMTP_URL)",
        obj: {
          to: "ann@example.com",
          subject: "Change your Floow password",
          file: sent.id,
          links: ["https://floow.example/reset-password?token=abc"],
        },
      },
    ]);
  });
});
