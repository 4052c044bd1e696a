import { BLOB_IMAGE_TYPES } from "@floow/domain/blob";
import { isImageAddress } from "@floow/domain/validation";
import { Button, ImageIcon, Label, TrashIcon, UploadIcon } from "@floow/ui";
import { useEffect, useId, useRef, useState } from "react";
import { imageProblem } from "../../lib/blob";

/** An image as a form holds it: the saved url, or a picked file still to upload. */
export type ImageValue = { url: string | null; file: File | null };

export const noImage: ImageValue = { url: null, file: null };

/**
 * The address to preview an image value by (an object URL for a picked file). A saved address
 * that is not an http(s) URL or Floow's own `/blobs/` upload (a `javascript:` logo stored before
 * the API refused them) is never rendered.
 */
function usePreviewUrl(value: ImageValue): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!value.file || typeof URL.createObjectURL !== "function") {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(value.file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value.file]);
  if (value.file) return objectUrl;
  return value.url && isImageAddress(value.url) ? value.url : null;
}

/**
 * Picks an image. Nothing is uploaded here: the form uploads the file through the blob call
 * when it is submitted (spec section 5: "The domain image is uploaded first").
 */
export function ImageField({
  label,
  value,
  onChange,
  description,
}: {
  label: string;
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  description?: string;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewUrl(value);
  const hasImage = Boolean(value.file || value.url);

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex items-center gap-4">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-grey-200 bg-grey-50 text-grey-400">
          {preview ? (
            <img src={preview} alt="" className="size-full object-cover" />
          ) : (
            <ImageIcon size={22} />
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => inputRef.current?.click()}
            >
              <UploadIcon size={16} />
              {hasImage ? "Change image" : "Upload image"}
            </Button>
            {hasImage ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  setError(null);
                  onChange(noImage);
                }}
              >
                <TrashIcon size={16} />
                Remove
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-grey-500">
            {description ?? "PNG, JPEG, WebP, GIF or SVG, at most 5 MB."}
          </p>
        </div>
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={BLOB_IMAGE_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ""; // picking the same file again still fires a change
          if (!file) return;
          const problem = imageProblem(file);
          if (problem) {
            setError(problem);
            return;
          }
          setError(null);
          onChange({ url: value.url, file });
        }}
      />
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
