import { beforeEach, describe, expect, it, vi } from "vitest";

const uploadImage = vi.fn<(file: Blob) => Promise<string>>();
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock("../../lib/blob", () => ({ uploadImage: (file: Blob) => uploadImage(file) }));
vi.mock("@floow/ui", () => ({ toast }));

const { uploadPickedImage } = await import("./picked-image");

describe("uploadPickedImage (Create Domain and #general)", () => {
  beforeEach(() => {
    uploadImage.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it("answers the blob url with the spec's `Image uploaded`, as the editor's image fields do", async () => {
    uploadImage.mockResolvedValue("/blobs/abc");
    await expect(uploadPickedImage(new File(["x"], "a.png", { type: "image/png" }))).resolves.toBe(
      "/blobs/abc",
    );
    expect(toast.success).toHaveBeenCalledWith("Image uploaded");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("a failed upload answers undefined with `Something went wrong uploading the image`", async () => {
    uploadImage.mockRejectedValue(new Error("503"));
    await expect(
      uploadPickedImage(new File(["x"], "a.png", { type: "image/png" })),
    ).resolves.toBeUndefined();
    expect(toast.error).toHaveBeenCalledWith("Something went wrong uploading the image");
    expect(toast.success).not.toHaveBeenCalled();
  });
});
