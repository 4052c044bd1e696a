import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export const inputClassName =
  "block h-10 w-full rounded-lg border border-grey-300 bg-white px-3 text-sm text-grey-900 shadow-xs transition-colors placeholder:text-grey-400 hover:border-grey-400 focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20 focus:outline-none disabled:cursor-not-allowed disabled:bg-grey-50 disabled:text-grey-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20";

export type InputProps = ComponentProps<"input">;

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}

export type TextareaProps = ComponentProps<"textarea">;

export function Textarea({ className, ...props }: TextareaProps) {
  return <textarea className={cn(inputClassName, "h-auto min-h-24 py-2", className)} {...props} />;
}
