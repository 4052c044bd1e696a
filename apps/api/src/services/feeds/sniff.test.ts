import { describe, expect, it } from "vitest";
import { FeedError } from "./errors";
import { detectEncoding, sniffDelimiter, sniffFormat } from "./sniff";

const b = (text: string) => Buffer.from(text, "utf8");

describe("sniffFormat", () => {
  it.each([
    ['<?xml version="1.0"?><rss/>', "xml"],
    ["\ufeff  \n<rss/>", "xml"],
    ["<items><item/></items>", "xml"],
    ['  [{"id":1}]', "json"],
    ['{"products":[]}', "json"],
    ["id,title\n1,x", "csv"],
    ["", "empty"],
    [" \n\t", "empty"],
  ])("%j is %s", (text, format) => {
    expect(sniffFormat(b(text)).format).toBe(format);
  });

  it("finds the CSV delimiter in the header line", () => {
    expect(sniffFormat(b("id;title;price\n1;a,b;2")).delimiter).toBe(";");
    expect(sniffFormat(b("id\ttitle\n")).delimiter).toBe("\t");
    expect(sniffFormat(b('"a,b";c;d\n')).delimiter).toBe(";");
    expect(sniffDelimiter("a|b|c")).toBe("|");
    expect(sniffDelimiter("abc")).toBeUndefined();
  });

  it.each([
    ["<!DOCTYPE html><html><body>Not found</body></html>", "HTML_PAGE"],
    ["<html lang=en><head>", "HTML_PAGE"],
    ["<?xml version='1.0'?>\n<!-- x -->\n<html>", "HTML_PAGE"],
    ["PK\u0003\u0004rest", "UNSUPPORTED_FORMAT"],
    ["\u0089PNG\r\n\u001a\n\u0000\u0000", "UNSUPPORTED_FORMAT"],
    ["plain words", "UNSUPPORTED_FORMAT"],
  ])("refuses %j (%s)", (text, code) => {
    expect(() => sniffFormat(Buffer.from(text, "latin1"))).toThrow(FeedError);
    try {
      sniffFormat(Buffer.from(text, "latin1"));
    } catch (error) {
      expect((error as FeedError).code).toBe(code);
    }
  });

  it("says an HTML page is not a feed, in words", () => {
    expect(() => sniffFormat(b("<!doctype html><html>"))).toThrow(
      "The address returns a web page (HTML), not a product feed. Use the address of the XML, CSV or JSON file.",
    );
  });
});

describe("detectEncoding", () => {
  it("prefers a byte-order mark, then the XML declaration, then the Content-Type", () => {
    expect(
      detectEncoding(b('\ufeff<?xml version="1.0" encoding="ISO-8859-1"?>'), "xml", "latin1"),
    ).toEqual({ encoding: "utf-8", source: "bom" });
    expect(
      detectEncoding(b('<?xml version="1.0" encoding="ISO-8859-1"?>'), "xml", "utf-8"),
    ).toEqual({ encoding: "windows-1252", source: "xml-declaration" });
    expect(detectEncoding(b("<?xml version='1.0' encoding='utf-8'?>"), "xml")).toEqual({
      encoding: "utf-8",
      source: "xml-declaration",
    });
    expect(detectEncoding(b("id,title"), "csv", "windows-1252")).toEqual({
      encoding: "windows-1252",
      source: "content-type",
    });
    expect(detectEncoding(b("id,title"), "csv", "iso-8859-15")).toEqual({
      encoding: "iso-8859-15",
      source: "content-type",
    });
    expect(detectEncoding(b("id,title\n1,caf\u00e9"), "csv")).toEqual({
      encoding: "utf-8",
      source: "default",
    });
    expect(detectEncoding(Buffer.from("id,title\n1,caf\u00e9 au lait", "latin1"), "csv")).toEqual({
      encoding: "windows-1252",
      source: "guess",
    });
  });

  it("does not mistake a UTF-8 character cut at the end of the sample for bad bytes", () => {
    const cut = b("id,title\n1,\u20ac").subarray(0, -1);
    expect(detectEncoding(cut, "csv").encoding).toBe("utf-8");
  });

  it("refuses other encodings with a clear message", () => {
    expect(() => detectEncoding(b("id"), "csv", "utf-16le")).toThrow(
      'The feed declares the character encoding "utf-16le" in its Content-Type header, which is not supported. Save it as UTF-8 (or ISO-8859-1).',
    );
    expect(() => detectEncoding(b("id"), "csv", "klingon")).toThrow(/"klingon"/);
  });
});
