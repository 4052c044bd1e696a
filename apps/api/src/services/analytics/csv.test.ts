import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKinds } from "../../../test/db";
import type { DbHandle } from "../../db/client";
import { csvCell } from "./csv";

const CELLS = [
  "plain",
  "",
  "=1+2",
  "+31 6 1234",
  "-5",
  "@SUM(A1)",
  "\tindent",
  "\rreturn",
  "a,b",
  'say "hi"',
  "two\nlines",
  '=HYPERLINK("http://evil.example")',
  "mid=dle+-@",
  " =not first",
  "ünïcödé €",
];

describe("csvCell", () => {
  it("escapes formulas with a leading quote and quotes cells with a quote, comma or line break", () => {
    expect(CELLS.map(csvCell)).toEqual([
      "plain",
      "",
      "'=1+2",
      "'+31 6 1234",
      "'-5",
      "'@SUM(A1)",
      "'\tindent",
      '"\'\rreturn"',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      `"'=HYPERLINK(""http://evil.example"")"`,
      "mid=dle+-@",
      " =not first",
      "ünïcödé €",
    ]);
  });
});

// The export's lines are made by the database (`csv_cell`, migrations/20261124002600): the same cells.
describe.each(testDbKinds)("csv_cell in the database (%s)", (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDb(kind);
  });
  afterAll(() => database.close());

  it("escapes every cell as csvCell does", async () => {
    const { rows } = await sql<{
      cell: string;
    }>`select csv_cell(value) as cell from unnest(${CELLS}::text[]) with ordinality as u(value, n) order by n`.execute(
      database.db,
    );
    expect(rows.map((row) => row.cell)).toEqual(CELLS.map(csvCell));
  });
});
