import type { SupportTicketInput } from "@floow/domain/support";

/**
 * The spec's fallback for support: a mail to the support address, prefilled with what the
 * user typed in the dialog, so nothing is lost when sending the ticket fails.
 */
export function supportMailtoHref(email: string, ticket: Partial<SupportTicketInput>): string {
  const body = [ticket.comment?.trim(), ticket.url ? `Page: ${ticket.url}` : ""]
    .filter(Boolean)
    .join("\n\n");
  const params = [
    ticket.subject?.trim() ? `subject=${encodeURIComponent(ticket.subject.trim())}` : "",
    body ? `body=${encodeURIComponent(body)}` : "",
  ].filter(Boolean);
  return `mailto:${email}${params.length > 0 ? `?${params.join("&")}` : ""}`;
}
