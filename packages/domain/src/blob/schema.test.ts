import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/issues";
import { BLOB_MAX_BYTES, BLOB_MESSAGES } from "./constants";
import { blobUploadSchema, parseDataUrl } from "./schema";

describe("parseDataUrl", () => {
  it.each([
    ["data:image/png;base64,iVBORw0KGgo=", { contentType: "image/png", base64: "iVBORw0KGgo=" }],
    [
      "data:IMAGE/SVG+XML;charset=utf-8;base64,PHN2Zz4=",
      { contentType: "image/svg+xml", base64: "PHN2Zz4=" },
    ],
    ["data:image/png,rawtext", null],
    ["data:image/png;base64,not base64!", null],
    ["https://example.com/a.png", null],
  ])("%s", (value, expected) => {
    expect(parseDataUrl(value)).toEqual(expected);
  });
});

describe("blobUploadSchema", () => {
  it("takes an image data URL for the floows-images container", () => {
    expect(
      blobUploadSchema.parse({
        data: "data:image/webp;base64,UklGRg==",
        container: "floows-images",
      }),
    ).toEqual({
      data: { contentType: "image/webp", base64: "UklGRg==" },
      container: "floows-images",
    });
  });

  it("names the failing field", () => {
    expect(issuesOf(blobUploadSchema, {})).toEqual({
      data: BLOB_MESSAGES.dataInvalid,
      container: BLOB_MESSAGES.containerInvalid,
    });
    expect(
      issuesOf(blobUploadSchema, {
        data: "data:text/html;base64,PGI+",
        container: "floows-images",
      }),
    ).toEqual({
      data: BLOB_MESSAGES.typeInvalid,
    });
    expect(
      issuesOf(blobUploadSchema, { data: "data:image/png;base64,", container: "other" }),
    ).toEqual({
      data: BLOB_MESSAGES.dataInvalid,
      container: BLOB_MESSAGES.containerInvalid,
    });
  });

  it("limits images to 5 MB", () => {
    expect(BLOB_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(BLOB_MESSAGES.tooLarge).toBe("Images can be at most 5 MB.");
  });
});
