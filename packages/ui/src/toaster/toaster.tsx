import { Toaster as Sonner, toast, type ToasterProps } from "sonner";

/** Spec section 4: toasts sit at the bottom, auto-dismiss after 5000 ms and pause on hover. */
export const TOAST_DURATION_MS = 5000;

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={{
        classNames: {
          toast:
            "!rounded-xl !border !border-grey-200 !bg-white !text-grey-900 !shadow-lg !font-sans",
          description: "!text-grey-600",
          success: "[&_[data-icon]]:!text-primary-600",
          error: "[&_[data-icon]]:!text-red-600",
        },
      }}
      {...props}
    />
  );
}

export { toast };
