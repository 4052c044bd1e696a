import { AlertDialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { Button } from "../button/button";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's text, e.g. "Delete Floow". */
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action (delete): a red confirm button. */
  destructive?: boolean;
  /**
   * Runs on confirm. While its promise is pending the buttons are busy; the dialog closes
   * when it settles unless it answers `false`.
   */
  onConfirm: () => unknown;
  /** Extra content between the description and the buttons (e.g. a domain picker). */
  children?: ReactNode;
  /** Disables the confirm button (e.g. nothing picked yet). */
  confirmDisabled?: boolean;
};

/** A confirmation the user must answer (role alertdialog): Cancel or the action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive = false,
  onConfirm,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await onConfirm();
      if (result !== false) onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-grey-950/40 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-dialog-in flex-col gap-5 rounded-2xl border border-grey-200 bg-white p-6 shadow-xl focus:outline-none">
          <div className="flex flex-col gap-1.5">
            <AlertDialog.Title className="text-lg font-semibold tracking-tight text-grey-900">
              {title}
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-grey-600">
              {description}
            </AlertDialog.Description>
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? "destructive" : "primary"}
              loading={busy}
              disabled={confirmDisabled}
              onClick={() => void confirm()}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
