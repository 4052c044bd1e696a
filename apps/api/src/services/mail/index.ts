export { createMailer } from "./mailer";
export type { Mailer, MailMessage, MailerOptions, SentMail } from "./mailer";
export * from "./templates";
