import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import type { ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** Every message received, parsed, in order. */
  messages: ParsedMail[];
  /** The messages sent to `to` (case-insensitive). */
  to(to: string): ParsedMail[];
  /** Waits for the next message to `to` (resolves at once when `after` messages are already there). */
  next(to: string, after?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (plain, no auth) that parses what it receives with mailparser. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const recipients = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
      a.value.map((v) => (v.address ?? "").toLowerCase()),
    );
  const to = (address: string) =>
    messages.filter((mail) => recipients(mail).includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async next(address, after = to(address).length) {
      for (let waited = 0; ; waited++) {
        const list = to(address);
        if (list.length > after) return list[after]!;
        if (waited > 100) throw new Error(`no e-mail to ${address}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 100);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text part that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): URL {
  const match = (mail.text ?? "").match(/https?:\/\/\S+/g)?.find((link) => link.startsWith(prefix));
  if (!match) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return new URL(match);
}
