import { describe, expect, it } from "vitest";
import { openFeed, parseFeed } from "./parse-feed";
import { bytes, collect, endless, failure } from "../../../test/feed-streams";

describe("CSV and TSV feeds", () => {
  it("reads a comma CSV with quoted fields, embedded delimiters, quotes and line breaks", async () => {
    const csv =
      'id,title,description,price\r\n1,"Shoe, red","He said ""wow""\r\nsecond line",19.99\r\n2,Plain,,5\r\n';
    expect(await collect(csv)).toEqual([
      { id: "1", title: "Shoe, red", description: 'He said "wow"\r\nsecond line', price: "19.99" },
      { id: "2", title: "Plain", description: "", price: "5" },
    ]);
  });

  it("reads a semicolon CSV with a UTF-8 byte-order mark (a spreadsheet export)", async () => {
    const csv =
      '\ufeffid;title;price;link\n1;Caf\u00e9 au lait;3,50;https://x/1\n2;"Tea; green";2,00;https://x/2\n';
    const opened = await openFeed(bytes(csv));
    expect(opened).toMatchObject({ format: "csv", delimiter: ";", encoding: "utf-8" });
    const records = [];
    for await (const record of opened.records) records.push(record);
    expect(records).toEqual([
      { id: "1", title: "Café au lait", price: "3,50", link: "https://x/1" },
      { id: "2", title: "Tea; green", price: "2,00", link: "https://x/2" },
    ]);
  });

  it("reads TSV (Google's tab-separated format) with g: headers", async () => {
    const tsv =
      'g:id\tg:title\tg:price\tg:image_link\nA1\tBoot 12" high\t49.00 EUR\thttps://x/a1.jpg\n';
    expect(await collect(tsv)).toEqual([
      { id: "A1", title: 'Boot 12" high', price: "49.00 EUR", image_link: "https://x/a1.jpg" },
    ]);
  });

  it("reads pipe-delimited files", async () => {
    expect(await collect("id|title\n1|One\n")).toEqual([{ id: "1", title: "One" }]);
  });

  it("skips empty lines, keeps repeated columns as a list, names empty headers, tolerates short and long rows", async () => {
    const csv =
      "id,image,image,,title\n\n1,a.jpg,b.jpg,x,One\n2,c.jpg\n3,d.jpg,e.jpg,y,Three,extra\n\n";
    expect(await collect(csv)).toEqual([
      { id: "1", image: ["a.jpg", "b.jpg"], column_4: "x", title: "One" },
      { id: "2", image: "c.jpg" },
      { id: "3", image: ["d.jpg", "e.jpg"], column_4: "y", title: "Three" },
    ]);
  });

  it("gives the same products whatever the chunk boundaries", async () => {
    const csv = '\ufeffid;title\n1;"a\nb"\n2;"c;""d"""\n';
    const whole = await collect(csv);
    expect(whole).toHaveLength(2);
    for (const chunkSize of [1, 2, 5]) expect(await collect(csv, { chunkSize })).toEqual(whole);
  });

  it("a header without rows is an empty feed; an empty file too", async () => {
    expect(await collect("id,title,price\n")).toEqual([]);
    expect(await collect("")).toEqual([]);
    expect(await collect("\n  \n")).toEqual([]);
  });

  it("reads an undeclared Windows-1252 file (guessed from invalid UTF-8)", async () => {
    // "€" is 0x80 in Windows-1252 (and not in ISO-8859-1 at all)
    const fixed = Buffer.concat([
      Buffer.from("id;title\n1;Cr\u00e8me br\u00fbl\u00e9e ", "latin1"),
      Buffer.from([0x80, 0x0a]),
    ]);
    const opened = await openFeed(bytes(fixed));
    expect(opened.encoding).toBe("windows-1252");
    const records = [];
    for await (const record of opened.records) records.push(record);
    expect(records).toEqual([{ id: "1", title: "Crème brûlée €" }]);
  });

  it("uses the Content-Type charset when the file has no byte-order mark", async () => {
    const csv = Buffer.from("id,title\n1,na\u00efve\n", "latin1");
    expect(await collect(csv, { charset: "iso-8859-1" })).toEqual([{ id: "1", title: "naïve" }]);
  });

  it("stops an endless line at the limit", async () => {
    const stream = endless("id,title\n1,", "x", 64 * 1024 * 1024);
    const error = await failure(
      (async () => {
        for await (const _ of parseFeed(stream, { limits: { maxRecordChars: 1024 * 1024 } }))
          void _;
      })(),
    );
    expect(error.code).toBe("RECORD_TOO_LARGE");
    expect(error.message).toMatch(/^A line of the CSV feed is longer than 1 MB \(line 2\)/);
    expect(stream.readableEnded).toBe(false);
  });

  it("stops an unclosed quote at the limit", async () => {
    const stream = endless('id,title\n1,"never closed', "x,\n", 64 * 1024 * 1024);
    const error = await failure(
      (async () => {
        for await (const _ of parseFeed(stream, { limits: { maxRecordChars: 1024 * 1024 } }))
          void _;
      })(),
    );
    expect(error.code).toBe("RECORD_TOO_LARGE");
  });

  it("reports an unclosed quote at the end of the file", async () => {
    const error = await failure(collect('id,title\n1,"open\n'));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.message).toMatch(/^The CSV feed is malformed/);
  });

  it("refuses a text file without any column separator", async () => {
    const error = await failure(collect("just some words\nand more\n"));
    expect(error.code).toBe("UNSUPPORTED_FORMAT");
  });
});
