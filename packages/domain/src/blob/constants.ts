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

export const BLOB_MESSAGES = {
  dataInvalid: "Please choose an image (a base64 data URL).",
  typeInvalid: "Images must be PNG, JPEG, WebP, GIF or SVG.",
  tooLarge: "Images can be at most 5 MB.",
  containerInvalid: `The container must be ${BLOB_CONTAINER}.`,
} as const;
