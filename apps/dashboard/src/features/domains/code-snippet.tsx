import { TOASTS } from "@floow/domain/messages";
import { Button, CheckIcon, CopyIcon, toast } from "@floow/ui";
import { useEffect, useState } from "react";
import { copyText } from "../../lib/clipboard";

/** A block of code with a Copy button (toast `Copied to clipboard`). */
export function CodeSnippet({
  code,
  label,
  language,
}: {
  code: string;
  label: string;
  language: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <figure className="overflow-hidden rounded-xl border border-grey-800 bg-grey-900">
      <figcaption className="flex items-center justify-between border-b border-white/10 py-1.5 pr-1.5 pl-4">
        <span className="text-xs font-medium text-grey-400">{language}</span>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copy ${label}`}
          className="text-grey-300 hover:bg-white/10 hover:text-white"
          onClick={async () => {
            if (await copyText(code)) {
              setCopied(true);
              toast.success(TOASTS.success.copied);
            }
          }}
        >
          {copied ? <CheckIcon size={15} /> : <CopyIcon size={15} />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </figcaption>
      {/* Focusable: a keyboard can scroll a line wider than a phone (axe: scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto p-4 text-[13px] leading-relaxed text-grey-100 focus-visible:outline-2 focus-visible:outline-primary-400"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
