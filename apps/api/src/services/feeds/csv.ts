import { Readable, pipeline } from "node:stream";
import { parse, CsvError } from "csv-parse";
import { FeedError } from "./errors";
import type { FeedLimits } from "./limits";
import { normalizeKey, RecordBuilder, type FeedRecord } from "./record";

/**
 * Streams products out of a CSV or TSV feed with a header row. Quoted fields may hold
 * delimiters and line breaks; stray quotes inside unquoted fields are kept; empty lines
 * are skipped; a repeated column name gives a list; a line longer than the record limit
 * is an error (an "endless line" cannot exhaust memory). Values are kept as written.
 */
export async function* parseCsv(
  texts: AsyncIterable<string>,
  options: { delimiter: string; limits: FeedLimits },
): AsyncGenerator<FeedRecord> {
  const { limits } = options;
  let headers: string[] | undefined;
  const parser = parse({
    delimiter: options.delimiter,
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: limits.maxRecordChars,
  });
  const source = Readable.from(texts, { objectMode: false });
  pipeline(source, parser, () => undefined);

  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      if (!headers) {
        headers = row.map((name, index) => normalizeKey(name) || `column_${index + 1}`);
        continue;
      }
      const builder = new RecordBuilder(limits, () => ` (line ${parser.info.lines})`);
      const count = Math.min(row.length, headers.length);
      for (let i = 0; i < count; i++) builder.add(headers[i]!, row[i]!);
      yield builder.take();
    }
  } catch (error) {
    throw csvError(error, limits);
  } finally {
    source.destroy();
  }
}

function csvError(error: unknown, limits: FeedLimits): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines;
  const at = line ? ` (line ${line})` : "";
  if (error.code === "CSV_MAX_RECORD_SIZE") {
    return new FeedError(
      "RECORD_TOO_LARGE",
      `A line of the CSV feed is longer than ${Math.round(limits.maxRecordChars / 1024 / 1024)} MB${at}; the file is probably malformed (an unclosed quote?).`,
      { cause: error },
    );
  }
  return new FeedError("PARSE_ERROR", `The CSV feed is malformed${at}: ${error.message.replace(/^Invalid [^:]*: /, "")}`, {
    cause: error,
  });
}
