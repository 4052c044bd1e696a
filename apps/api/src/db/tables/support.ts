import type { ColumnType, Generated } from "kysely";
import type { SupportCategory } from "@floow/domain/support";

export interface SupportTicketTable {
  id: string;
  user_id: string | null;
  email: string;
  phone: Generated<string>;
  name: Generated<string>;
  project: string;
  category: SupportCategory | null;
  subject: string;
  comment: string;
  url: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
