import { Readable, pipeline } from "node:stream";
import { parse, CsvError, type Parser } from "csv-parse";
import { formatBytes } from "../safe-fetch";
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
  const source = Readable.from(boundLines(texts, parser, limits), { objectMode: false });
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

/**
 * Passes the text on, and stops a line that runs past `maxRecordChars` counting every
 * character. csv-parse's own `max_record_size` counts only the fields' text: a line of 10
 * million commas would pass it and become a row of 10 million empty fields (seconds of work
 * and a huge array per megabyte, the whole file read for a preview). A line ends when the
 * parser counts a row or an empty line; the text it has not parsed yet (one chunk and its
 * input buffer, some 32 kB) is counted too, so the limit is reached a little early at most.
 */
async function* boundLines(
  texts: AsyncIterable<string>,
  parser: Parser,
  limits: FeedLimits,
): AsyncGenerator<string> {
  let written = 0;
  let lineStart = 0;
  let lines = -1;
  for await (const text of texts) {
    const ended = parser.info.records + parser.info.empty_lines;
    if (ended !== lines) {
      lines = ended;
      lineStart = written;
    } else if (written - lineStart > limits.maxRecordChars) {
      throw lineTooLong(limits, ` (line ${parser.info.lines})`);
    }
    written += text.length;
    yield text;
  }
}

function lineTooLong(limits: FeedLimits, at: string): FeedError {
  return new FeedError(
    "RECORD_TOO_LARGE",
    `A line of the CSV feed is longer than ${formatBytes(limits.maxRecordChars)}${at}; the file is probably malformed (an unclosed quote?).`,
  );
}

function csvError(error: unknown, limits: FeedLimits): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines;
  const at = line ? ` (line ${line})` : "";
  if (error.code === "CSV_MAX_RECORD_SIZE") {
    return Object.assign(lineTooLong(limits, at), { cause: error });
  }
  return new FeedError(
    "PARSE_ERROR",
    `The CSV feed is malformed${at}: ${error.message.replace(/^Invalid [^:]*: /, "")}`,
    {
      cause: error,
    },
  );
}
