import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { SupportTicket } from "@floow/domain/support";
import type { DB } from "../database";

/** Stores a support ticket of a signed-in user; returns its id. */
export async function insertSupportTicket(
  db: Kysely<DB>,
  userId: string,
  ticket: SupportTicket,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("support_ticket")
    .values({
      id,
      user_id: userId,
      email: ticket.email,
      phone: ticket.phone ?? "",
      name: ticket.name ?? "",
      project: ticket.project,
      category: ticket.category ?? null,
      subject: ticket.subject,
      comment: ticket.comment,
      url: ticket.url ?? "",
    })
    .execute();
  return id;
}
