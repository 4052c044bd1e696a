import type { FloowButton } from "@floow/domain/logic";
import { safeUrl, sanitizeHtml } from "../sanitize";
import { paintOf, radius } from "../theme";
import { h } from "preact";
import { Icon } from "./icons";
import type { Ui } from "./ui";

/**
 * Rich text (HTML) from the configuration or a feed, through the allow-list sanitizer (its
 * links open in a new tab, `noopener`, and the shopper keeps the floow, but for those to the
 * merchant's own site that the public API marked `_top`, with `top`); in the
 * script-tag renderer as the public API sent it, which sanitized it with the same allow-list
 * (apps/api: `sanitizeRichText` for floows, `sanitizeDescription` for products).
 */
export function Rich({
  html,
  class: cls,
  id,
  top,
}: {
  html: unknown;
  class: string;
  id?: string;
  /** Links the public API marked for the shopper's own tab keep it (not in the preview). */
  top?: boolean;
}) {
  const clean = __SCRIPT_TAG__ ? (typeof html == "string" ? html : "") : sanitizeHtml(html, top);
  return clean ? (
    <div id={id} class={`rich ${cls}`} dangerouslySetInnerHTML={{ __html: clean }} />
  ) : null;
}

/** An image, when its URL is http(s) or a data: image (the public API sends only such URLs). */
export function Img({ src, class: cls, alt = "" }: { src: unknown; class: string; alt?: string }) {
  const url = __SCRIPT_TAG__ ? (src as string | null) : safeUrl(src, true);
  return url ? <img class={cls} src={url} alt={alt} loading="lazy" decoding="async" /> : null;
}

/** A configured button (back, next, restart, start, a result's link): text, variant, colour, icon. */
export function Button({
  ui,
  config,
  text,
  onClick,
  disabled,
  href,
  target,
  class: cls = "",
}: {
  ui: Ui;
  config: FloowButton;
  text?: string;
  onClick?: () => void;
  disabled?: boolean;
  href?: string;
  /** A link's browsing context: `_top` (this tab, also from the hosted page in an iframe) or `_blank`. */
  target?: string;
  class?: string;
}) {
  const { buttons } = ui.floow;
  const paint = paintOf(ui, config.colorId);
  const Tag = href ? "a" : "button";
  const icon = <Icon ui={ui} name={config.icon} />;
  return (
    <Tag
      class={`btn ${config.variant} ${buttons.size} ${buttons.animation} ${cls}`}
      style={{
        "--c": paint.c,
        "--on": paint.on,
        "--ink": paint.ink,
        "--br": `${radius(buttons.radius)}px`,
      }}
      {...(href
        ? { href, target, rel: target == "_blank" ? "noopener" : undefined }
        : { type: "button", "aria-disabled": disabled ? "true" : undefined })}
      onClick={() => !disabled && onClick?.()}
    >
      {config.iconPosition === "left" && icon}
      <span>{text || config.text}</span>
      {config.iconPosition !== "left" && icon}
    </Tag>
  );
}

/** A loading placeholder: grey bars, announced as busy. */
export function Skeleton({ label }: { label: string }) {
  return (
    <div class="sk" role="status" aria-busy="true" aria-label={label}>
      <i />
      <i />
      <i />
    </div>
  );
}
