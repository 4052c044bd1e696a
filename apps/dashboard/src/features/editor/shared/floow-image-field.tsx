import { TOASTS } from "@floow/domain/messages";
import { Button, cn, ImageIcon, Spinner, toast, TrashIcon, UploadIcon } from "@floow/ui";
import { useId, useRef, useState } from "react";
import { useEditor } from "../editor-context";

/**
 * An image of a step, choice, start or finish page: uploaded to the blob store
 * (`POST /api/blob`, container floows-images), stored as its url.
 */
export function FloowImageField({
  value,
  onChange,
  label,
  compact = false,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
  compact?: boolean;
}) {
  const { api } = useEditor();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    setUploading(true);
    try {
      onChange(await api.uploadImage(file));
      toast.success(TOASTS.success.imageUpload);
    } catch {
      toast.error(TOASTS.failure.imageUpload);
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  return (
    <div className={cn("flex items-center gap-3", compact && "gap-2")}>
      <div
        className={cn(
          "flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-grey-300 bg-grey-50 text-grey-400",
          compact ? "size-9" : "size-16",
        )}
      >
        {uploading ? (
          <Spinner size="sm" label="Uploading" />
        ) : value ? (
          <img src={value} alt="" className="size-full object-cover" />
        ) : (
          <ImageIcon size={compact ? 16 : 22} />
        )}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <div className="flex gap-1.5">
        <Button
          size="sm"
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
        >
          <UploadIcon size={14} />
          {compact ? null : value ? "Replace" : "Upload image"}
          {compact ? (
            <span className="sr-only">{value ? "Replace image" : "Upload image"}</span>
          ) : null}
        </Button>
        {value ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onChange(null)}
            aria-label={`Remove ${label.toLowerCase()}`}
          >
            <TrashIcon size={14} />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
