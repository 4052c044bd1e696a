import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// The theme's own spacing names (styles.css), so `w-full` given later wins over `w-nav-expanded`.
const twMerge = extendTailwindMerge({
  extend: { theme: { spacing: ["nav-expanded", "nav-collapsed", "top-bar"] } },
});

/** Joins class names and lets a later Tailwind class win over an earlier one. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
