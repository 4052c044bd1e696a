import { cva, type VariantProps } from "class-variance-authority";
import { Switch as SwitchPrimitive } from "radix-ui";
import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "../lib/cn";

export const switchVariants = cva(
  "relative inline-flex shrink-0 cursor-pointer items-center rounded-full bg-grey-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary-600",
  {
    variants: {
      size: { sm: "h-4 w-7", md: "h-5 w-9" },
    },
    defaultVariants: { size: "md" },
  },
);

const thumbVariants = cva(
  "pointer-events-none inline-block rounded-full bg-white shadow-sm transition-transform data-[state=unchecked]:translate-x-0.5",
  {
    variants: {
      size: {
        sm: "size-3 data-[state=checked]:translate-x-3.5",
        md: "size-4 data-[state=checked]:translate-x-4.5",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export type SwitchProps = Omit<ComponentProps<typeof SwitchPrimitive.Root>, "children"> &
  VariantProps<typeof switchVariants> & {
    /** The visible label; it names the switch for assistive technology and toggles it on click. */
    label?: ReactNode;
    /** A line under the label; it becomes the switch's description (aria-describedby). */
    description?: ReactNode;
    /** Where the label sits: before the switch (settings rows) or after it (a single option). */
    labelPosition?: "start" | "end";
  };

/**
 * An on/off control (Radix Switch: `role="switch"`, Space and Enter toggle it). With a
 * `label` it renders the label beside it; without one, name it with `aria-label`.
 */
export function Switch({
  className,
  size,
  label,
  description,
  labelPosition = "start",
  id,
  ...props
}: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = description ? `${switchId}-description` : undefined;
  const control = (
    <SwitchPrimitive.Root
      id={switchId}
      aria-describedby={descriptionId}
      className={cn(switchVariants({ size }), label ? "mt-0.5" : null, className)}
      {...props}
    >
      <SwitchPrimitive.Thumb className={thumbVariants({ size })} />
    </SwitchPrimitive.Root>
  );
  if (!label) return control;
  // The description sits beside the label, not in it: the switch is named by the label alone
  // and described by the description.
  const text = (
    <div className="flex flex-col gap-0.5">
      <label
        htmlFor={switchId}
        className={cn(
          "text-sm",
          // The label of a disabled control may be faint (WCAG exempts inactive controls);
          // its description stays readable.
          props.disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer",
          labelPosition === "end" ? "font-medium text-grey-900" : "text-grey-800",
        )}
      >
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className="text-xs text-grey-500">
          {description}
        </p>
      ) : null}
    </div>
  );
  return labelPosition === "start" ? (
    <div className="flex items-start justify-between gap-4">
      {text}
      {control}
    </div>
  ) : (
    <div className="flex items-start gap-3">
      {control}
      {text}
    </div>
  );
}
