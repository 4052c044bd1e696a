import { BLOB_MESSAGES } from "@floow/domain/blob";
import { describe, expect, it, vi } from "vitest";
import { imageProblem, ImageUploadError, uploadImage } from "./blob";

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], "logo.png", {
    type: "image/png",
  });

describe("uploadImage", () => {
  it("posts the image as a data URL to the floows-images container and answers the url", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ url: "/blobs/abc" }));
    await expect(uploadImage(png(), fetchImpl)).resolves.toBe("/blobs/abc");
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe("/api/blob");
    expect(init?.method).toBe("POST");
    const body = JSON.parse(String(init?.body)) as { data: string; container: string };
    expect(body.container).toBe("floows-images");
    expect(body.data).toMatch(/^data:image\/png;base64,/);
  });

  it("fails on an error status or an answer without url", async () => {
    await expect(
      uploadImage(png(), async () => new Response("no", { status: 500 })),
    ).rejects.toBeInstanceOf(ImageUploadError);
    await expect(uploadImage(png(), async () => Response.json({}))).rejects.toBeInstanceOf(
      ImageUploadError,
    );
  });

  it("fails with the server's own words when it names the problem", async () => {
    const refusal = Response.json(
      {
        error: {
          code: "BAD_REQUEST",
          message: `data: ${BLOB_MESSAGES.tooManyPixels}`,
          fieldErrors: [{ path: ["data"], message: BLOB_MESSAGES.tooManyPixels }],
        },
      },
      { status: 400 },
    );
    await expect(uploadImage(png(), async () => refusal)).rejects.toThrow(
      BLOB_MESSAGES.tooManyPixels,
    );
  });

  it("refuses what the blob call refuses before sending anything", async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    const pdf = new File([new Uint8Array([1])], "doc.pdf", { type: "application/pdf" });
    expect(imageProblem(big)).toBe(BLOB_MESSAGES.tooLarge);
    expect(imageProblem(pdf)).toBe(BLOB_MESSAGES.typeInvalid);
    expect(imageProblem(png())).toBeNull();
    await expect(uploadImage(big, fetchImpl)).rejects.toThrow(BLOB_MESSAGES.tooLarge);
    await expect(uploadImage(pdf, fetchImpl)).rejects.toThrow(BLOB_MESSAGES.typeInvalid);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
