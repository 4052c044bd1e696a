import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * The per-item rollups (migrations/20261123221513) for the events stored before them: each
 * session's first answer of a step, pick of a choice, submit and fill of an input, and the
 * result pages, partial matches and products shown and clicked. Runs before the ingest takes
 * new events (migrations run at start), so nothing is counted twice.
 */
const firsts = `with answers as (
  select e."organization_id", e."floow_id", e."session_id", e."created_at", x.kind, x.item, x.step_id, x.label, x.meta
  from "event" e cross join lateral (
    select 'step' as kind, e."payload"->'step'->>'id' as item, e."payload"->'step'->>'id' as step_id, left(coalesce(e."payload"->'step'->>'text', ''), 500) as label, '' as meta
      where e."type" in ('choice', 'form') and e."payload"->'step'->>'id' is not null
    union all select 'choice', c->>'id', e."payload"->'step'->>'id', left(coalesce(c->>'text', ''), 500), ''
      from jsonb_array_elements(case when e."type" = 'choice' and jsonb_typeof(e."payload"->'choices') = 'array' then e."payload"->'choices' else '[]'::jsonb end) c
      where c->>'selected' = 'true' and e."payload"->'step'->>'id' is not null
    union all select k.kind, i->>'id', e."payload"->'step'->>'id', left(coalesce(i->>'text', ''), 500), coalesce(i->>'type', '')
      from jsonb_array_elements(case when e."type" = 'form' and jsonb_typeof(e."payload"->'formInputs') = 'array' then e."payload"->'formInputs' else '[]'::jsonb end) i
      cross join lateral (select 'input' as kind union all select 'filled' where i->'value' is not null
        and i->'value' not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, 'false'::jsonb)) k
      where e."payload"->'step'->>'id' is not null
  ) x
), firsts as (
  select distinct on ("floow_id", "session_id", kind, item) "organization_id", "floow_id", "session_id", kind, item, step_id, label, meta,
    ("created_at" at time zone 'Europe/Amsterdam')::date as day
  from answers where item is not null order by "floow_id", "session_id", kind, item, "created_at"
)`;

const statements = [
  `insert into "event_daily_item" ("organization_id", "floow_id", "day", "kind", "item", "step_id", "label", "meta", "count")
   ${firsts} select min("organization_id"), "floow_id", day, kind, item, max(step_id), max(label), max(meta), count(*) from firsts group by "floow_id", day, kind, item
   on conflict ("floow_id", "day", "kind", "item") do update set "count" = "event_daily_item"."count" + excluded."count"`,
  `insert into "event_session_item" ("floow_id", "session_id", "kind", "item", "day")
   ${firsts} select "floow_id", "session_id", kind, item, day from firsts on conflict do nothing`,
  `insert into "event_daily_item" ("organization_id", "floow_id", "day", "kind", "item", "label", "meta", "count")
   select min(e."organization_id"), e."floow_id", (e."created_at" at time zone 'Europe/Amsterdam')::date, x.kind, x.item, max(x.label), max(x.meta), count(*)
   from "event" e cross join lateral (
     select 'results' as kind, '' as item, '' as label, '' as meta where e."type" = 'finish' and jsonb_typeof(e."payload"->'products') = 'array'
     union all select 'partial', '', '', '' where e."type" = 'finish' and e."payload"->>'partial' = 'true' and jsonb_typeof(e."payload"->'products') = 'array'
     union all select 'shown', left(p->>'id', 200), left(coalesce(p->>'name', ''), 500), coalesce(p->>'price', '')
       from jsonb_array_elements(case when e."type" = 'finish' and jsonb_typeof(e."payload"->'products') = 'array' then e."payload"->'products' else '[]'::jsonb end) p
     union all select 'click', left(e."payload"->'product'->>'id', 200), left(coalesce(e."payload"->'product'->>'name', ''), 500), coalesce(e."payload"->'product'->>'price', '')
       where e."type" = 'product' and e."payload"->'product'->>'id' is not null
   ) x
   where x.item is not null
   group by e."floow_id", 3, x.kind, x.item
   on conflict ("floow_id", "day", "kind", "item") do update set "count" = "event_daily_item"."count" + excluded."count"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
