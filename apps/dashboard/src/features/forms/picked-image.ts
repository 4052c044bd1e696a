import { TOASTS } from "@floow/domain/messages";
import { toast } from "@floow/ui";
import { uploadImage } from "../../lib/blob";
import type { ImageValue } from "./image-field";

/**
 * Uploads a picked image through the blob call; `undefined` when it failed. The spec's
 * toasts are shown here, as the editor's image fields show them: `Image uploaded` or
 * `Something went wrong uploading the image`.
 */
export async function uploadPickedImage(file: File): Promise<string | undefined> {
  try {
    const url = await uploadImage(file);
    toast.success(TOASTS.success.imageUpload);
    return url;
  } catch {
    toast.error(TOASTS.failure.imageUpload);
    return undefined;
  }
}

/**
 * The image address a form saves: the picked file uploaded first (spec section 5: "The
 * domain image is uploaded first"), else the address it already had. `undefined` when the
 * upload failed: the form then saves nothing (the failure toast has said why).
 */
export async function savedImageUrl(value: ImageValue): Promise<string | null | undefined> {
  return value.file ? uploadPickedImage(value.file) : value.url;
}
