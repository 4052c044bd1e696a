import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * The CSV export reads one row per session instead of every event of the period's sessions
 * (docs/analytics.md, "The CSV export"). The ingest keeps on each `event_session` row:
 * - `finished_at`: the first `finish` event;
 * - `answer_steps`: per step id the session's last answer (`choice` or `form` event) as
 *   `{"t": epoch milliseconds, "o": its place in the ingest's batch, "a": "Step: answer"}`;
 * - `clicked_products`: the distinct names (or ids) of the products clicked, sorted;
 * and the database derives from them `csv_row`, the session's line of the export with its cells
 * escaped (a generated column: it follows every change of the row), so the export is one
 * `string_agg` over the period's rows.
 *
 * Existing sessions are filled from their events here, with the expressions the export used on
 * the events until now. The row triggers (daily rollups) are off meanwhile: these columns
 * change no figure, and a trigger per session row would make the backfill many times slower.
 */
const answerText = `(e."payload"->'step'->>'text') || ': ' || coalesce(case when e."type" = 'choice' then
    (select string_agg(c->>'text', ', ') from jsonb_array_elements(e."payload"->'choices') c where c->>'selected' = 'true')
  else
    (select string_agg((i->>'text') || ' = ' || case when jsonb_typeof(i->'value') = 'array'
      then (select string_agg(v, ', ') from jsonb_array_elements_text(i->'value') v) else coalesce(i->>'value', '') end, '; ')
     from jsonb_array_elements(e."payload"->'formInputs') i)
  end, '')`;

/**
 * A CSV cell (RFC 4180) safe against formula injection, as `csvCell` in
 * services/analytics/csv.ts (a test compares the two): a leading `=`, `+`, `-`, `@`, tab or
 * carriage return gets a `'`; a cell with a quote, comma or line break is quoted. One
 * expression, so PostgreSQL inlines it where it is called.
 */
const csvCell = `create function "csv_cell"(value text) returns text language sql immutable parallel safe as $$
  select case when value ~ '[",\\r\\n]' then '"' || case when value ~ '^[-=+@\\t\\r]' then '''' else '' end || replace(value, '"', '""') || '"'
    else case when value ~ '^[-=+@\\t\\r]' then '''' else '' end || value end
$$`;

/**
 * A session's line of the export: session, started, finished (Europe/Amsterdam, as
 * spreadsheets read dates), answers in the order given, clicked products, operating system,
 * language. Immutable, as a generated column needs: the zone is fixed and the format has no
 * locale-dependent part. PL/pgSQL, whose plans are kept per connection: an SQL function here
 * was planned again in every ingest statement (several times slower per session row).
 */
const csvRow = `create function "event_session_csv_row"(session_id text, first_at timestamptz, finished_at timestamptz, answer_steps jsonb,
    clicked_products text[], os text, language text) returns text language plpgsql immutable parallel safe as $$
declare
  answers text;
begin
  if answer_steps is not null then
    select string_agg(a.value->>'a', ' | ' order by (a.value->>'t')::numeric, (a.value->>'o')::int, a.key) into answers from jsonb_each(answer_steps) a;
  end if;
  return csv_cell(session_id) || ',' || to_char(first_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI:SS') || ','
    || coalesce(to_char(finished_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI:SS'), '') || ','
    || csv_cell(coalesce(answers, '')) || ',' || csv_cell(coalesce(array_to_string(clicked_products, ', '), '')) || ','
    || csv_cell(os) || ',' || csv_cell(language);
end
$$`;

const statements = [
  `alter table "event_session" add column "finished_at" timestamptz, add column "answer_steps" jsonb, add column "clicked_products" text[]`,
  `alter table "event_session" disable trigger "event_session_to_daily"`,
  `alter table "event_session" disable trigger "event_session_to_items"`,
  `with last_answer as (
    select distinct on (e."floow_id", e."session_id", e."payload"->'step'->>'id') e."floow_id", e."session_id",
      e."payload"->'step'->>'id' as step_id, trim_scale(extract(epoch from e."created_at") * 1000) as t, ${answerText} as a
    from "event" e where e."type" in ('choice', 'form') and e."payload"->'step'->>'id' is not null
    order by e."floow_id", e."session_id", e."payload"->'step'->>'id', e."created_at" desc, e."id" desc
  ), answers as (
    select "floow_id", "session_id", jsonb_object_agg(step_id, jsonb_build_object('t', t, 'o', 0, 'a', a)) as steps
    from last_answer group by 1, 2
  ), clicks as (
    select e."floow_id", e."session_id", coalesce(nullif(e."payload"->'product'->>'name', ''), e."payload"->'product'->>'id') as name
    from "event" e where e."type" = 'product'
  ), finished as (
    select "floow_id", "session_id", min("created_at") as finished_at from "event" where "type" = 'finish' group by 1, 2
  ), clicked as (
    select "floow_id", "session_id", array_agg(distinct name) as clicked from clicks where name is not null group by 1, 2
  ), per_session as (
    -- A full join on the key columns (using): each session once, whatever parts it has.
    select "floow_id", "session_id", f.finished_at, c.clicked, a.steps
    from answers a full join finished f using ("floow_id", "session_id") full join clicked c using ("floow_id", "session_id")
  )
  update "event_session" s set "finished_at" = p.finished_at, "answer_steps" = p.steps, "clicked_products" = p.clicked
  from per_session p where s."floow_id" = p."floow_id" and s."session_id" = p."session_id"`,
  csvCell,
  csvRow,
  // After the backfill: one rewrite of the table computes every row's line.
  `alter table "event_session" add column "csv_row" text not null generated always as (event_session_csv_row("session_id", "first_at", "finished_at", "answer_steps", "clicked_products", "os", "language")) stored`,
  `alter table "event_session" enable trigger "event_session_to_daily"`,
  `alter table "event_session" enable trigger "event_session_to_items"`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
