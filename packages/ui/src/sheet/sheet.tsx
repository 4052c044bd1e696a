import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { XIcon } from "../icons/icons";
import { cn } from "../lib/cn";

/**
 * A panel that slides in from the side of the screen: a Radix Dialog (focus stays inside,
 * Escape and a click on the overlay close it, focus returns to the trigger). The dashboard
 * shows its navigation in one below the `lg` breakpoint.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  side?: "left" | "right";
};

export function SheetContent({ side = "left", className, children, ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-grey-950/40 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-y-0 z-50 flex w-[min(18rem,calc(100vw-3rem))] flex-col overflow-y-auto bg-white shadow-xl focus:outline-none",
          side === "left"
            ? "left-0 animate-sheet-in-left border-r border-grey-200"
            : "right-0 animate-sheet-in-right border-l border-grey-200",
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-grey-500 transition-colors hover:bg-grey-100 hover:text-grey-900"
          aria-label="Close"
        >
          <XIcon size={18} />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("text-base font-semibold tracking-tight text-grey-900", className)}
      {...props}
    />
  );
}

export function SheetDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-sm text-grey-600", className)} {...props} />
  );
}
