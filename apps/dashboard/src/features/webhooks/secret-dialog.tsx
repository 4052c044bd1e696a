import { TOASTS } from "@floow/domain/messages";
import {
  AlertTriangleIcon,
  Button,
  CheckIcon,
  CopyIcon,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  toast,
} from "@floow/ui";
import { useState } from "react";
import { copyText } from "../../lib/clipboard";

/**
 * A webhook's signing secret, shown once (after it is created or rotated) with a copy
 * button: Floow keeps it but never shows it again.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>
            Your endpoint verifies every request with this secret (Standard Webhooks, e.g. with the
            standardwebhooks library). Copy it now: it is shown only once.
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2 rounded-lg border border-grey-200 bg-grey-50 p-2 pl-3">
          <code
            data-testid="webhook-secret"
            className="min-w-0 flex-1 font-mono text-[13px] break-all text-grey-900"
          >
            {secret}
          </code>
          <Button
            variant="outline"
            size="sm"
            aria-label="Copy signing secret"
            onClick={async () => {
              if (secret && (await copyText(secret))) {
                setCopied(true);
                toast.success(TOASTS.success.copied);
              }
            }}
          >
            {copied ? <CheckIcon size={15} /> : <CopyIcon size={15} />}
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
        <p className="flex items-start gap-2 text-sm text-amber-800">
          <AlertTriangleIcon size={16} className="mt-0.5 shrink-0" />
          Lost it? Rotate the secret to get a new one; the old one stops working at once.
        </p>
        <DialogFooter>
          <Button
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
