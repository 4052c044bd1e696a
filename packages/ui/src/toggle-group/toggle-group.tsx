import { cva, type VariantProps } from "class-variance-authority";
import { ToggleGroup as ToggleGroupPrimitive } from "radix-ui";
import { createContext, useContext, type ComponentProps } from "react";
import { cn } from "../lib/cn";

export const toggleGroupVariants = cva("inline-flex items-center", {
  variants: {
    /** `default`: quiet buttons on the page; `outline`: one bordered strip of buttons. */
    variant: {
      default: "gap-1",
      outline:
        "divide-x divide-grey-200 overflow-hidden rounded-lg border border-grey-200 bg-white",
    },
    size: { sm: "", md: "" },
  },
  defaultVariants: { variant: "default", size: "md" },
});

const itemVariants = cva(
  "inline-flex cursor-pointer items-center justify-center gap-1.5 font-medium whitespace-nowrap text-grey-600 transition-colors hover:bg-grey-100 hover:text-grey-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50 data-[state=on]:bg-primary-50 data-[state=on]:text-primary-800 [&_svg]:shrink-0",
  {
    variants: {
      variant: { default: "rounded-md", outline: "focus-visible:-outline-offset-2" },
      size: { sm: "h-7 min-w-7 px-2 text-xs", md: "h-9 min-w-9 px-3 text-sm" },
    },
    defaultVariants: { variant: "default", size: "md" },
  },
);

type Look = VariantProps<typeof toggleGroupVariants>;
const ToggleGroupContext = createContext<Look>({ variant: "default", size: "md" });

export type ToggleGroupProps = ComponentProps<typeof ToggleGroupPrimitive.Root> & Look;

/**
 * A set of toggle buttons (Radix ToggleGroup). `type="single"`: one or none pressed, read
 * as a radio group; `type="multiple"`: each pressed on its own, read as a toolbar. One
 * tab stop; the arrow keys move focus, Space or Enter presses. Name it with `aria-label`.
 */
export function ToggleGroup({ className, variant, size, ...props }: ToggleGroupProps) {
  return (
    <ToggleGroupContext.Provider value={{ variant, size }}>
      <ToggleGroupPrimitive.Root
        className={cn(toggleGroupVariants({ variant, size }), className)}
        {...props}
      />
    </ToggleGroupContext.Provider>
  );
}

export type ToggleGroupItemProps = ComponentProps<typeof ToggleGroupPrimitive.Item>;

/** A button of the group; an icon-only one needs an `aria-label`. */
export function ToggleGroupItem({ className, ...props }: ToggleGroupItemProps) {
  const look = useContext(ToggleGroupContext);
  return <ToggleGroupPrimitive.Item className={cn(itemVariants(look), className)} {...props} />;
}
