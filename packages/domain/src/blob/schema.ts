import { z } from "zod";
import { BLOB_CONTAINER, BLOB_IMAGE_TYPES, BLOB_MESSAGES } from "./constants";
import type { BlobImageType } from "./constants";

const DATA_URL =
  /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,([a-z0-9+/]*={0,2})$/i;

export interface ParsedDataUrl {
  contentType: string;
  base64: string;
}

/** The media type and base64 payload of a `data:<type>[;params];base64,<data>` URL, or null. */
export function parseDataUrl(value: string): ParsedDataUrl | null {
  const match = DATA_URL.exec(value.trim());
  if (!match) return null;
  return { contentType: (match[1] as string).toLowerCase(), base64: match[3] as string };
}

const isImageType = (type: string): type is BlobImageType =>
  (BLOB_IMAGE_TYPES as readonly string[]).includes(type);

/** `POST /api/blob`: an image as a base64 data URL, into the floows' image container. */
export const blobUploadSchema = z.object({
  data: z.string({ error: BLOB_MESSAGES.dataInvalid }).transform((value, ctx) => {
    const parsed = parseDataUrl(value);
    if (!parsed || parsed.base64 === "") {
      ctx.addIssue({ code: "custom", message: BLOB_MESSAGES.dataInvalid });
      return z.NEVER;
    }
    if (!isImageType(parsed.contentType)) {
      ctx.addIssue({ code: "custom", message: BLOB_MESSAGES.typeInvalid });
      return z.NEVER;
    }
    return { contentType: parsed.contentType, base64: parsed.base64 };
  }),
  container: z.literal(BLOB_CONTAINER, { error: BLOB_MESSAGES.containerInvalid }),
});

export type BlobUpload = z.output<typeof blobUploadSchema>;
