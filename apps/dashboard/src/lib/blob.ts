import {
  BLOB_CONTAINER,
  BLOB_MAX_BYTES,
  BLOB_MESSAGES,
  blobUploadSchema,
} from "@floow/domain/blob";

export class ImageUploadError extends Error {
  override name = "ImageUploadError";
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(reader.error ?? new ImageUploadError("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

/**
 * Why an image cannot be uploaded (the blob call's own rules: type and size), or null.
 * Checked before reading the file, so the user hears it at once.
 */
export function imageProblem(file: Blob): string | null {
  if (file.size > BLOB_MAX_BYTES) return BLOB_MESSAGES.tooLarge;
  if (
    file.type &&
    !blobUploadSchema.shape.data.safeParse(`data:${file.type};base64,AA==`).success
  ) {
    return BLOB_MESSAGES.typeInvalid;
  }
  return null;
}

/**
 * Spec section 7: `POST /api/blob {data, container}` answers the blob's url. The image is
 * sent as a data URL into the floows' image container, plain JSON like every mutation.
 */
export async function uploadImage(file: Blob, fetchImpl: typeof fetch = fetch): Promise<string> {
  const problem = imageProblem(file);
  if (problem) throw new ImageUploadError(problem);
  const payload = { data: await readAsDataUrl(file), container: BLOB_CONTAINER };
  const checked = blobUploadSchema.safeParse(payload);
  if (!checked.success)
    throw new ImageUploadError(checked.error.issues[0]?.message ?? BLOB_MESSAGES.dataInvalid);
  const response = await fetchImpl("/api/blob", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  if (!response.ok) {
    // The server names what is wrong (too many pixels, storage full, …): show its words.
    const failure: unknown = await response.json().catch(() => null);
    const error =
      failure && typeof failure === "object" && "error" in failure
        ? (failure.error as { message?: unknown; fieldErrors?: { message?: unknown }[] })
        : null;
    const message = error?.fieldErrors?.[0]?.message ?? error?.message;
    throw new ImageUploadError(
      typeof message === "string" && message
        ? message
        : `Upload failed with status ${response.status}`,
    );
  }
  const body: unknown = await response.json();
  if (
    body &&
    typeof body === "object" &&
    "url" in body &&
    typeof body.url === "string" &&
    body.url
  ) {
    return body.url;
  }
  throw new ImageUploadError("The upload answered no url");
}
