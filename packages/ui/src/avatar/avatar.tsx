import { Avatar as AvatarPrimitive } from "radix-ui";
import { UserIcon } from "../icons/icons";
import { cn } from "../lib/cn";

export type AvatarProps = {
  /** The picture's URL; the initials show until it loads, or when there is none. */
  src?: string | null;
  /** Alternative text for the picture (usually the person's name). */
  alt: string;
  /** Shown without a picture, e.g. "JD"; a person icon when empty. */
  initials: string;
  size?: "sm" | "md" | "lg";
  className?: string;
};

const sizes = { sm: "size-7 text-[11px]", md: "size-9 text-xs", lg: "size-14 text-lg" } as const;

export function Avatar({ src, alt, initials, size = "md", className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        "relative inline-flex shrink-0 overflow-hidden rounded-full bg-primary-100 ring-1 ring-primary-200",
        sizes[size],
        className,
      )}
    >
      {src ? (
        <AvatarPrimitive.Image src={src} alt={alt} className="size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center font-semibold tracking-wide text-primary-800"
        aria-label={alt}
        role="img"
      >
        {initials || <UserIcon className="size-1/2" />}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
