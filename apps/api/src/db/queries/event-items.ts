import { ANALYTICS_TIME_ZONE } from "@floow/domain/analytics";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "../database";
import { inKeyOrder } from "./lock-order";
import type { StoredEvent } from "./event";

interface Item {
  organization_id: string;
  floow_id: string;
  at: string;
  kind: string;
  item: string;
  step_id: string;
  label: string;
  meta: string;
}

interface SessionItem extends Item {
  session_id: string;
}

const filled = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== "" &&
  value !== false &&
  !(Array.isArray(value) && value.length === 0);

/**
 * What newly stored events add to the per-floow daily items (`event_daily_item`), in the
 * caller's transaction: answers, choices and inputs once per session (through
 * `event_session_item`), result pages and products per event. Two statements.
 */
export async function addToEventItems(
  db: Kysely<DB>,
  events: readonly StoredEvent[],
): Promise<void> {
  // One row per session and item (its first in the batch): a session answers the same steps
  // and choices again and again (back, restart), and the database need not sort the repeats out.
  const perSessionByKey = new Map<string, SessionItem>();
  const perSession = {
    push(item: SessionItem) {
      const key = `${item.floow_id}\u0000${item.session_id}\u0000${item.kind}\u0000${item.item}`;
      if (!perSessionByKey.has(key)) perSessionByKey.set(key, item);
    },
  };
  const perEvent: Item[] = [];
  for (const { organizationId, message, receivedAt } of events) {
    const base = {
      organization_id: organizationId,
      floow_id: message.floowId,
      at: receivedAt.toISOString(),
    };
    const step = message.step;
    if ((message.type === "choice" || message.type === "form") && step) {
      const own = { ...base, session_id: message.sessionId, step_id: step.id };
      perSession.push({
        ...own,
        kind: "step",
        item: step.id,
        label: step.text.slice(0, 500),
        meta: "",
      });
      if (message.type === "choice") {
        for (const choice of message.choices ?? []) {
          if (choice.selected)
            perSession.push({
              ...own,
              kind: "choice",
              item: choice.id,
              label: choice.text.slice(0, 500),
              meta: "",
            });
        }
      } else {
        for (const input of message.formInputs ?? []) {
          const described = {
            ...own,
            item: input.id,
            label: input.text.slice(0, 500),
            meta: input.type,
          };
          perSession.push({ ...described, kind: "input" });
          if (filled(input.value)) perSession.push({ ...described, kind: "filled" });
        }
      }
    } else if (message.type === "finish" && message.products) {
      perEvent.push({ ...base, kind: "results", item: "", step_id: "", label: "", meta: "" });
      if (message.partial)
        perEvent.push({ ...base, kind: "partial", item: "", step_id: "", label: "", meta: "" });
      for (const product of message.products) {
        perEvent.push({
          ...base,
          kind: "shown",
          item: String(product.id ?? "").slice(0, 200),
          step_id: "",
          label: String(product.name ?? "").slice(0, 500),
          meta: String(product.price ?? ""),
        });
      }
    } else if (message.type === "product" && message.product) {
      const product = message.product;
      perEvent.push({
        ...base,
        kind: "click",
        item: String(product.id ?? "").slice(0, 200),
        step_id: "",
        label: String(product.name ?? "").slice(0, 500),
        meta: String(product.price ?? ""),
      });
    }
  }

  let fresh: Item[] = [];
  if (perSessionByKey.size > 0) {
    // In key order, so two writes at once lock the same rows in the same order (no deadlock).
    const sessionItems = inKeyOrder(perSessionByKey);
    const column = <T>(pick: (item: SessionItem) => T) => sessionItems.map(pick);
    // The first time only: a session answering a step again (back, restart) is not counted twice.
    const { rows } = await sql<{
      floow_id: string;
      session_id: string;
      kind: string;
      item: string;
    }>`
      insert into "event_session_item" ("floow_id", "session_id", "kind", "item", "day")
      select "floow_id", "session_id", "kind", "item",
        ("at"::timestamptz at time zone ${ANALYTICS_TIME_ZONE})::date
      from unnest(${column((i) => i.floow_id)}::text[], ${column((i) => i.session_id)}::text[], ${column((i) => i.kind)}::text[],
        ${column((i) => i.item)}::text[], ${column((i) => i.at)}::text[]) as u("floow_id", "session_id", "kind", "item", "at")
      on conflict do nothing
      returning "floow_id", "session_id", "kind", "item"`.execute(db);
    const inserted = new Set(
      rows.map((row) => `${row.floow_id}\u0000${row.session_id}\u0000${row.kind}\u0000${row.item}`),
    );
    fresh = sessionItems.filter((item) =>
      inserted.delete(
        `${item.floow_id}\u0000${item.session_id}\u0000${item.kind}\u0000${item.item}`,
      ),
    );
  }
  const all = [...fresh, ...perEvent];
  if (all.length === 0) return;
  const column = <T>(pick: (item: Item) => T) => all.map(pick);
  await sql`
    insert into "event_daily_item" ("organization_id", "floow_id", "day", "kind", "item", "step_id", "label", "meta", "count")
    select min("organization_id"), "floow_id", ("at"::timestamptz at time zone ${ANALYTICS_TIME_ZONE})::date, "kind", "item",
      max("step_id"), max("label"), max("meta"), count(*)
    from unnest(${column((i) => i.organization_id)}::text[], ${column((i) => i.floow_id)}::text[], ${column((i) => i.at)}::text[],
      ${column((i) => i.kind)}::text[], ${column((i) => i.item)}::text[], ${column((i) => i.step_id)}::text[],
      ${column((i) => i.label)}::text[], ${column((i) => i.meta)}::text[])
      as u("organization_id", "floow_id", "at", "kind", "item", "step_id", "label", "meta")
    group by "floow_id", 3, "kind", "item"
    order by "floow_id", 3, "kind", "item"
    on conflict ("floow_id", "day", "kind", "item") do update set "count" = "event_daily_item"."count" + excluded."count",
      "step_id" = case when excluded."step_id" = '' then "event_daily_item"."step_id" else excluded."step_id" end,
      "label" = case when excluded."label" = '' then "event_daily_item"."label" else excluded."label" end,
      "meta" = case when excluded."meta" = '' then "event_daily_item"."meta" else excluded."meta" end`.execute(
    db,
  );
}
