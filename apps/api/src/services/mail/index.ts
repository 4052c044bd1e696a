export { createMailer } from "./mailer";
export type { MailContext, Mailer, MailMessage, MailerOptions, SentMail } from "./mailer";
export * from "./templates";
