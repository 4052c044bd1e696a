import { cva, type VariantProps } from "class-variance-authority";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "../lib/cn";

export const radioGroupVariants = cva("", {
  variants: {
    /**
     * `default`: round radios with a label each. `segmented`: a compact row of buttons
     * (device, phase, sizes). `card`: bordered cards with rich content (a feed, a plan).
     * `swatch`: round colour chips named by `aria-label`.
     */
    variant: {
      default: "grid gap-2.5",
      segmented: "inline-flex rounded-lg bg-grey-100 p-0.5",
      card: "grid gap-2",
      swatch: "flex flex-wrap items-center gap-1.5",
    },
    size: { sm: "", md: "" },
  },
  defaultVariants: { variant: "default", size: "md" },
});

const itemVariants = cva(
  "cursor-pointer transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50",
  {
    variants: {
      variant: {
        default:
          "flex shrink-0 items-center justify-center rounded-full border border-grey-400 bg-white hover:border-grey-500 data-[state=checked]:border-primary-600",
        segmented:
          "inline-flex items-center justify-center gap-1.5 rounded-md font-medium text-grey-600 transition-all hover:text-grey-900 data-[state=checked]:bg-white data-[state=checked]:text-grey-900 data-[state=checked]:shadow-sm data-[state=checked]:ring-1 data-[state=checked]:ring-grey-200",
        card: "flex items-center gap-3 rounded-xl border border-grey-200 p-3 text-left hover:border-grey-300 hover:bg-grey-50 data-[state=checked]:border-primary-500 data-[state=checked]:bg-primary-50/50 data-[state=checked]:ring-1 data-[state=checked]:ring-primary-500",
        swatch:
          "size-6 rounded-full border border-grey-300 transition-transform hover:scale-110 data-[state=checked]:ring-2 data-[state=checked]:ring-primary-500 data-[state=checked]:ring-offset-2",
      },
      size: { sm: "", md: "" },
    },
    compoundVariants: [
      { variant: "default", size: "sm", className: "size-3.5" },
      { variant: "default", size: "md", className: "size-4" },
      { variant: "segmented", size: "sm", className: "h-7 px-2.5 text-xs" },
      { variant: "segmented", size: "md", className: "h-8 px-3 text-sm" },
    ],
    defaultVariants: { variant: "default", size: "md" },
  },
);

type Look = Required<VariantProps<typeof radioGroupVariants>>;
type Variant = NonNullable<Look["variant"]>;
type Size = NonNullable<Look["size"]>;
const RadioGroupContext = createContext<{ variant: Variant; size: Size }>({
  variant: "default",
  size: "md",
});

export type RadioGroupProps = ComponentProps<typeof RadioGroupPrimitive.Root> &
  VariantProps<typeof radioGroupVariants>;

/**
 * One choice out of several (Radix RadioGroup): `role="radiogroup"`, one tab stop, the
 * arrow keys move to and select the next option, disabled options are skipped. Name it
 * with `aria-label` or `aria-labelledby`.
 */
export function RadioGroup({ className, variant, size, ...props }: RadioGroupProps) {
  return (
    <RadioGroupContext.Provider value={{ variant: variant ?? "default", size: size ?? "md" }}>
      <RadioGroupPrimitive.Root
        className={cn(radioGroupVariants({ variant, size }), className)}
        {...props}
      />
    </RadioGroupContext.Provider>
  );
}

export type RadioGroupItemProps = ComponentProps<typeof RadioGroupPrimitive.Item> & {
  /** `default` variant: a line under the option's label. */
  description?: ReactNode;
};

/**
 * An option. In the `default` variant its children are the label beside the radio; in
 * `segmented` and `card` they are the option's content; a `swatch` needs an `aria-label`.
 */
export function RadioGroupItem({
  className,
  children,
  description,
  id,
  ...props
}: RadioGroupItemProps) {
  const { variant, size } = useContext(RadioGroupContext);
  const generatedId = useId();
  if (variant !== "default") {
    return (
      <RadioGroupPrimitive.Item
        id={id}
        className={cn(itemVariants({ variant, size }), className)}
        {...props}
      >
        {children}
      </RadioGroupPrimitive.Item>
    );
  }
  const itemId = id ?? generatedId;
  const descriptionId = description ? `${itemId}-description` : undefined;
  return (
    <div className="flex items-start gap-2.5">
      <RadioGroupPrimitive.Item
        id={itemId}
        aria-describedby={descriptionId}
        className={cn(itemVariants({ variant, size }), "mt-0.5", className)}
        {...props}
      >
        <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary-600" />
      </RadioGroupPrimitive.Item>
      <div className="flex flex-col gap-0.5">
        <label
          htmlFor={itemId}
          className={cn(
            "text-grey-800",
            size === "sm" ? "text-xs" : "text-sm",
            props.disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer",
          )}
        >
          {children}
        </label>
        {description ? (
          <p id={descriptionId} className="text-xs text-grey-500">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
