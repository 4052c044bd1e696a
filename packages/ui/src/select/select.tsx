import type { ComponentProps } from "react";
import { inputClassName } from "../input/input";
import { cn } from "../lib/cn";

export type SelectProps = ComponentProps<"select">;

/**
 * A native select with the input's look. Native on purpose: keyboard, screen readers,
 * mobile pickers and form libraries all work without extra code.
 */
export function Select({ className, children, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select
        className={cn(inputClassName, "cursor-pointer appearance-none pr-9", className)}
        {...props}
      >
        {children}
      </select>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-grey-500"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </div>
  );
}
