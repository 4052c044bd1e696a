import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * `experiment_visitor`: per floow, arm (`variant_id`) and visitor (the visitor id, or the
 * session id without one: the key the assignment used) how many of its sessions there are and
 * how many of them started, completed and clicked. Kept by a trigger on `event_session` from
 * each row's old and new values, as `event_daily` is, so it is exact whatever order events
 * arrive in and follows retention and erasure (deletes). Experiment results count a visitor per
 * row (`sessions > 0`) instead of grouping the arm's sessions by visitor at every call
 * (countExperimentArms; docs/analytics.md "Experiments"). A session without an arm costs the
 * trigger one comparison.
 */
const visitor = (row: "new" | "old") => `coalesce(${row}."visitor_id", ${row}."session_id")`;
const flags = (row: "new" | "old") =>
  `(${row}."starts" > 0)::int, (${row}."finishes" > 0)::int, (${row}."clicks" > 0)::int`;

const statements = [
  `create table "experiment_visitor" ("organization_id" text not null, "floow_id" text not null references "floow" ("id") on delete cascade, "variant_id" text not null, "visitor" text not null, "sessions" integer not null default 0, "started" integer not null default 0, "completed" integer not null default 0, "clicked" integer not null default 0, primary key ("floow_id", "variant_id", "visitor"))`,
  `create function "event_session_to_experiment_visitor"() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new."variant_id" is not distinct from old."variant_id"
    and (new."variant_id" is null or (new."floow_id" = old."floow_id"
      and ${visitor("new")} = ${visitor("old")}
      and (new."starts" > 0) = (old."starts" > 0) and (new."finishes" > 0) = (old."finishes" > 0)
      and (new."clicks" > 0) = (old."clicks" > 0))) then
    return null;
  end if;
  if tg_op <> 'INSERT' and old."variant_id" is not null then
    update "experiment_visitor" set "sessions" = "sessions" - 1,
      "started" = "started" - (old."starts" > 0)::int, "completed" = "completed" - (old."finishes" > 0)::int,
      "clicked" = "clicked" - (old."clicks" > 0)::int
    where "floow_id" = old."floow_id" and "variant_id" = old."variant_id" and "visitor" = ${visitor("old")};
  end if;
  if tg_op <> 'DELETE' and new."variant_id" is not null then
    insert into "experiment_visitor" ("organization_id", "floow_id", "variant_id", "visitor", "sessions", "started", "completed", "clicked")
    values (new."organization_id", new."floow_id", new."variant_id", ${visitor("new")}, 1, ${flags("new")})
    on conflict ("floow_id", "variant_id", "visitor") do update set
      "sessions" = "experiment_visitor"."sessions" + 1, "started" = "experiment_visitor"."started" + excluded."started",
      "completed" = "experiment_visitor"."completed" + excluded."completed", "clicked" = "experiment_visitor"."clicked" + excluded."clicked";
  end if;
  return null;
end
$$`,
  `create trigger "event_session_to_experiment_visitor" after insert or update or delete on "event_session" for each row execute function "event_session_to_experiment_visitor"()`,
  `insert into "experiment_visitor" ("organization_id", "floow_id", "variant_id", "visitor", "sessions", "started", "completed", "clicked")
   select min("organization_id"), "floow_id", "variant_id", coalesce("visitor_id", "session_id"), count(*),
     count(*) filter (where "starts" > 0), count(*) filter (where "finishes" > 0), count(*) filter (where "clicks" > 0)
   from "event_session" where "variant_id" is not null group by "floow_id", "variant_id", 4`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
