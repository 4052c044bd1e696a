import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export const badgeVariants = cva(
  "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
  {
    variants: {
      variant: {
        neutral: "bg-grey-50 text-grey-700 ring-grey-200",
        success: "bg-primary-50 text-primary-800 ring-primary-200",
        warning: "bg-amber-50 text-amber-800 ring-amber-200",
        info: "bg-sky-50 text-sky-800 ring-sky-200",
        danger: "bg-red-50 text-red-700 ring-red-200",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export type BadgeProps = ComponentProps<"span"> &
  VariantProps<typeof badgeVariants> & {
    /** A small coloured dot before the text (status badges). */
    dot?: boolean;
  };

/** A short label: a status, a type, a count. */
export function Badge({ className, variant, dot = false, children, ...props }: BadgeProps) {
  return (
    <span className={cn(badgeVariants({ variant }), className)} {...props}>
      {dot ? (
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-80" />
      ) : null}
      {children}
    </span>
  );
}
