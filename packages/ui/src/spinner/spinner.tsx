import { cn } from "../lib/cn";

export type SpinnerProps = {
  className?: string;
  /** Read by screen readers; the spinner itself is only a picture. */
  label?: string;
  size?: "sm" | "md" | "lg";
};

const sizes = { sm: "size-4", md: "size-5", lg: "size-8" } as const;

export function Spinner({ className, label = "Loading", size = "md" }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className={cn("inline-flex", className)}>
      <svg
        className={cn("animate-spin", sizes[size])}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
