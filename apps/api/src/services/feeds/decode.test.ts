import { describe, expect, it } from "vitest";
import { decodeText } from "./decode";
import { isFeedError } from "./errors";

async function decode(chunks: Uint8Array[], encoding = "utf-8"): Promise<string> {
  let text = "";
  for await (const part of decodeText(
    (async function* () {
      yield* chunks;
    })(),
    encoding,
  ))
    text += part;
  return text;
}

async function failure(chunks: Uint8Array[]): Promise<string> {
  try {
    await decode(chunks);
  } catch (error) {
    if (isFeedError(error) && error.code === "INVALID_ENCODING") return error.message;
    throw error;
  }
  throw new Error("decoded without an error");
}

const SAMPLE = "Trail shoe – “Storm” édition, 12 € 🥾 ok";

describe("decodeText", () => {
  it("decodes UTF-8 characters split between chunks at every byte", async () => {
    const bytes = Buffer.from(SAMPLE);
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(await decode([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(SAMPLE);
    }
    // One byte at a time.
    expect(await decode([...bytes].map((byte) => Uint8Array.of(byte)))).toBe(SAMPLE);
  });

  it("decodes a long feed the way TextDecoder does, across its slices", async () => {
    const text = `${"<item>Élan – 5 €</item>\n".repeat(5_000)}🥾`;
    const bytes = Buffer.from(text);
    const chunks: Uint8Array[] = [];
    for (let start = 0; start < bytes.length; start += 65_531)
      chunks.push(bytes.subarray(start, start + 65_531));
    expect(await decode(chunks)).toBe(new TextDecoder().decode(bytes));
  });

  it("drops a UTF-8 byte-order mark at the start only", async () => {
    const bom = Uint8Array.of(0xef, 0xbb, 0xbf);
    expect(await decode([bom, Buffer.from("<rss>\uFEFF</rss>")])).toBe("<rss>\uFEFF</rss>");
    expect(await decode([Uint8Array.of(0xef), Uint8Array.of(0xbb, 0xbf, 0x41)])).toBe("A");
  });

  it("names where invalid bytes are, in the middle or cut short at the end", async () => {
    expect(await failure([Buffer.from("abc"), Uint8Array.of(0x41, 0xff, 0x41)])).toMatch(
      /not valid UTF-8 \(invalid bytes after byte 3\)/,
    );
    // A Latin-1 "é" in a file read as UTF-8.
    expect(
      await failure([Buffer.from("caf"), Uint8Array.of(0xe9), Buffer.from(" au lait")]),
    ).toMatch(/not valid UTF-8/);
    // The first two bytes of "€" and then the end of the file.
    expect(await failure([Buffer.from("12 "), Uint8Array.of(0xe2, 0x82)])).toMatch(
      /not valid UTF-8/,
    );
  });

  it("decodes windows-1252 through TextDecoder", async () => {
    expect(await decode([Uint8Array.of(0x63, 0x61, 0x66, 0xe9, 0x20, 0x80)], "windows-1252")).toBe(
      "café €",
    );
  });
});
