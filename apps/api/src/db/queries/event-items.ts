import { ANALYTICS_TIME_ZONE } from "@floow/domain/analytics";
import type { FloowEventMessage } from "@floow/domain/events";
import { sql } from "kysely";
import type { RawBuilder } from "kysely";

/** One thing an event adds to its floow's daily items, for `eventItemsSql`. */
export interface EventItem {
  /** The event's place in the batch (`o` of the batch's rows). */
  e: number;
  kind: string;
  item: string;
  step_id: string;
  label: string;
  meta: string;
  /** Counted once per session (answers, choices, inputs), not per event (results, products). */
  once: boolean;
}

const filled = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== "" &&
  value !== false &&
  !(Array.isArray(value) && value.length === 0);

/**
 * The session items a batch has given so far, per floow and session (`of`): what makes only a
 * session's first of each count. The set of the last session asked for is kept at hand, since
 * a request's events are of one session and come together.
 */
export class SessionItems {
  private readonly byFloow = new Map<string, Map<string, Set<string>>>();
  private lastFloow = "";
  private lastSession = "";
  private last: Set<string> | undefined;

  of(floowId: string, sessionId: string): Set<string> {
    if (this.last && floowId === this.lastFloow && sessionId === this.lastSession) return this.last;
    let sessions = this.byFloow.get(floowId);
    if (!sessions) this.byFloow.set(floowId, (sessions = new Map()));
    let seen = sessions.get(sessionId);
    if (!seen) sessions.set(sessionId, (seen = new Set()));
    this.lastFloow = floowId;
    this.lastSession = sessionId;
    return (this.last = seen);
  }
}

/**
 * What one event adds to the per-floow daily items (`event_daily_item`): its step, choices and
 * inputs (once per session), or its result page and products, or its clicked product. `seen`
 * holds the session items its session gave so far in the batch (`SessionItems`): only a
 * session's first of each is kept. That the first may come from a resent event (not stored
 * again, so its items are left out) changes nothing: the session's item was recorded when that
 * event was first stored, so the later one would not be counted either.
 */
export function eventItems(
  message: FloowEventMessage,
  e: number,
  into: EventItem[],
  seen: Set<string>,
): void {
  // The item is made only when it is the session's first: most answers repeat a step.
  const first = (kind: string, item: string, stepId: string, label: string, meta: string) => {
    const key = `${kind}\u0000${item}`;
    if (seen.has(key)) return;
    seen.add(key);
    into.push({ e, kind, item, step_id: stepId, label: label.slice(0, 500), meta, once: true });
  };
  const step = message.step;
  if ((message.type === "choice" || message.type === "form") && step) {
    first("step", step.id, step.id, step.text, "");
    if (message.type === "choice") {
      for (const choice of message.choices ?? [])
        if (choice.selected) first("choice", choice.id, step.id, choice.text, "");
    } else {
      for (const input of message.formInputs ?? []) {
        first("input", input.id, step.id, input.text, input.type);
        if (filled(input.value)) first("filled", input.id, step.id, input.text, input.type);
      }
    }
  } else if (message.type === "finish" && message.products) {
    const none = { e, item: "", step_id: "", label: "", meta: "", once: false };
    into.push({ ...none, kind: "results" });
    if (message.partial) into.push({ ...none, kind: "partial" });
    for (const product of message.products) into.push(productItem(e, "shown", product));
  } else if (message.type === "product" && message.product) {
    into.push(productItem(e, "click", message.product));
  }
}

/** A product shown on a result page or clicked, counted per event. */
function productItem(
  e: number,
  kind: "shown" | "click",
  product: { id?: unknown; name?: unknown; price?: unknown },
): EventItem {
  return {
    e,
    kind,
    item: String(product.id ?? "").slice(0, 200),
    step_id: "",
    label: String(product.name ?? "").slice(0, 500),
    meta: String(product.price ?? ""),
    once: false,
  };
}

/**
 * The common table expressions that add newly stored events' items (`eventItems` of every event
 * of the batch, as JSON) to `event_daily_item`: answers, choices and inputs the first time a
 * session gives them (through `event_session_item`: a session answering a step again, back or
 * restart, is not counted twice), result pages and products per event. `fresh` names the CTE of
 * the batch's newly stored events (with `o`, `organization_id`, `floow_id`, `session_id`,
 * `created_at`). Each insert writes its rows sorted, so two writes at once lock them in one order.
 */
export function eventItemsSql(items: readonly EventItem[], fresh: RawBuilder<unknown>) {
  const day = sql`("created_at" at time zone ${ANALYTICS_TIME_ZONE})::date`;
  return sql`"items" as materialized (
      select f."organization_id", f."floow_id", f."session_id", f."created_at", f."o", u."kind", u."item", u."step_id", u."label", u."meta", u."once"
      from json_to_recordset(${JSON.stringify(items)}::json) as u("e" integer, "kind" text, "item" text, "step_id" text, "label" text, "meta" text, "once" boolean)
      join ${fresh} f on f."o" = u."e"
    ), "session_items" as (
      insert into "event_session_item" ("floow_id", "session_id", "kind", "item", "day")
      select "floow_id", "session_id", "kind", "item", ${day} from "items" where "once"
      order by "floow_id", "session_id", "kind", "item"
      on conflict do nothing
      returning "floow_id", "day", "kind", "item"
    ), "daily_items" as (
      -- Counts: the session items just inserted and every per-event item; names, ids and
      -- prices: the batch's first items of its sessions and its per-event items. One pass,
      -- no join, whatever the batch's size.
      insert into "event_daily_item" ("organization_id", "floow_id", "day", "kind", "item", "step_id", "label", "meta", "count")
      select min("organization_id"), "floow_id", "day", "kind", "item", max("step_id"), max("label"), max("meta"), sum("n")
      from (
        select null as "organization_id", "floow_id", "day", "kind", "item", null as "step_id", null as "label", null as "meta", 1 as "n"
        from "session_items"
        union all
        select "organization_id", "floow_id", ${day}, "kind", "item", "step_id", "label", "meta", 0 from "items" where "once"
        union all
        select "organization_id", "floow_id", ${day}, "kind", "item", "step_id", "label", "meta", 1 from "items" where not "once"
      ) as n
      group by "floow_id", "day", "kind", "item"
      having sum("n") > 0
      order by "floow_id", "day", "kind", "item"
      on conflict ("floow_id", "day", "kind", "item") do update set "count" = "event_daily_item"."count" + excluded."count",
        "step_id" = case when excluded."step_id" = '' then "event_daily_item"."step_id" else excluded."step_id" end,
        "label" = case when excluded."label" = '' then "event_daily_item"."label" else excluded."label" end,
        "meta" = case when excluded."meta" = '' then "event_daily_item"."meta" else excluded."meta" end
    )`;
}
