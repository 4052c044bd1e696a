import { h } from "preact";
import type { ComponentChildren } from "preact";
import { deepActiveElement, tabbables } from "./focus";
import { Icon } from "./icons";
import type { Ui } from "./ui";

/**
 * The dialog container: the browser's modal `<dialog>` over the page (`showModal()`: the
 * page under it is inert, focus stays in it and the browser's own controls, it is in the top
 * layer over everything), in the editor's preview (`contained`, npm build) a dialog open
 * over its frame only. It closes with its close button, Escape (the browser closes it: its
 * `close` event), and a click outside the panel when the floow has `closeOnClickOutside`.
 * Moving focus in and back out is the instance's work (`mount.ts`), done when it opens and
 * removes the dialog.
 */
export function Dialog({
  ui,
  onClose,
  contained,
  children,
}: {
  ui: Ui;
  onClose: () => void;
  contained?: boolean;
  children: ComponentChildren;
}) {
  const preview = !__SCRIPT_TAG__ && contained;
  return (
    <dialog
      class={`overlay ${preview ? "contained" : ""}`}
      aria-label={ui.floow.name}
      ref={(dialog: HTMLDialogElement | null) => {
        if (dialog && !dialog.open) dialog.showModal();
      }}
      onClose={onClose}
      onKeyDown={(event: KeyboardEvent) => {
        // The preview's dialog is only open (not modal): no Escape from the browser.
        if (preview && event.key == "Escape") onClose();
        // Tab on the last control and Shift+Tab on the first wrap around inside (the browser's
        // modal would let focus visit its own controls on the way): `edge` is -1 or 0.
        const edge = event.shiftKey ? 0 : -1;
        const items = tabbables(event.currentTarget as HTMLElement);
        if (event.key == "Tab" && deepActiveElement() == items.at(edge)) {
          event.preventDefault();
          items.at(-1 - edge)?.focus();
        }
      }}
      // The preview's dialog is only open, not modal.
      {...(preview && { open: true })}
      onClick={(event: MouseEvent) =>
        event.target === event.currentTarget && ui.floow.closeOnClickOutside && onClose()
      }
    >
      <div class="panel dialog">
        <button type="button" class="close" aria-label={ui.texts.close} onClick={onClose}>
          <Icon ui={ui} name="close" />
        </button>
        {children}
      </div>
    </dialog>
  );
}
