import { Tabs as TabsPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      // More tabs than fit (a phone) scroll sideways inside the row, never the page. The
      // bottom rule is an inset shadow: the active tab's underline paints over it and is not
      // clipped by the scrolling box, as a border under a `-mb-px` tab would be.
      className={cn(
        "flex items-center gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-grey-200)] [scrollbar-width:none]",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "shrink-0 cursor-pointer border-b-2 border-transparent px-3 py-2.5 whitespace-nowrap text-sm font-medium text-grey-500 transition-colors hover:text-grey-900 data-[state=active]:border-primary-600 data-[state=active]:text-grey-900",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("pt-6 focus:outline-none", className)} {...props} />;
}
