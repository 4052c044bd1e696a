/** The container the dashboard uploads images to (spec section 7: `{product}-images`). */
export const BLOB_CONTAINER = "floows-images" as const;

/** Image types `POST /api/blob` takes. SVG is served as an attachment with a strict CSP. */
export const BLOB_IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "image/svg+xml",
] as const;
export type BlobImageType = (typeof BLOB_IMAGE_TYPES)[number];

/** The largest image `POST /api/blob` takes, decoded: 5 MB. */
export const BLOB_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The most pixels a raster image may declare (width × height): 40 megapixels. A small file
 * can declare a huge canvas that costs every browser showing it gigabytes to decode.
 */
export const BLOB_MAX_PIXELS = 40_000_000;

export const BLOB_MESSAGES = {
  dataInvalid: "Please choose an image (a base64 data URL).",
  typeInvalid: "Images must be PNG, JPEG, WebP, GIF or SVG.",
  tooLarge: "Images can be at most 5 MB.",
  tooManyPixels: "Images can be at most 40 megapixels (for example 8000 × 5000 pixels).",
  unreadable: "The image cannot be read. Please choose another file.",
  quotaExceeded:
    "Your organization has used all of its image storage. Please contact support to raise the limit.",
  containerInvalid: `The container must be ${BLOB_CONTAINER}.`,
} as const;
