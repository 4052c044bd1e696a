import { h } from "preact";
import type { ComponentChildren } from "preact";
import { deepActiveElement, tabbables } from "./focus";
import { Icon } from "./icons";
import type { Ui } from "./ui";

/** Escape closes; Tab and Shift+Tab wrap around inside the dialog (the focus trap). */
function onKeyDown(event: KeyboardEvent, panel: HTMLElement, onClose: () => void): void {
  if (event.key === "Escape") {
    event.stopPropagation();
    onClose();
    return;
  }
  if (event.key !== "Tab") return;
  const items = tabbables(panel);
  const active = deepActiveElement();
  const edge = event.shiftKey ? items[0] : items[items.length - 1];
  if (!edge || active === edge || !panel.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
  }
}

/**
 * The same keys on the page (the instance listens on the document while its dialog is
 * open): a click on the backdrop of a dialog that does not close on it moves focus to the
 * page's body, and the dialog is still modal: Escape closes it, Tab goes back into it.
 * Keys from inside the panel are its own listener's.
 */
export function onPageKeyDown(event: KeyboardEvent, panel: HTMLElement, onClose: () => void): void {
  if (!event.defaultPrevented && !panel.contains(deepActiveElement()))
    onKeyDown(event, panel, onClose);
}

/**
 * The dialog container: a modal over the page (in the editor's preview, `contained`, over
 * its frame only). It closes with its close button, Escape, and a click outside when the
 * floow has `closeOnClickOutside`. Moving focus in and back out is the instance's work
 * (`mount.ts`), done when it opens and closes the dialog.
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
  return (
    <div
      class={`overlay ${!__SCRIPT_TAG__ && contained ? "contained" : ""}`}
      onClick={(event: MouseEvent) =>
        event.target === event.currentTarget && ui.floow.closeOnClickOutside && onClose()
      }
    >
      <div
        class="panel dialog"
        role="dialog"
        aria-modal="true"
        aria-label={ui.floow.name}
        tabIndex={-1}
        onKeyDown={(event: KeyboardEvent) =>
          onKeyDown(event, event.currentTarget as HTMLElement, onClose)
        }
      >
        <button type="button" class="close" aria-label={ui.texts.close} onClick={onClose}>
          <Icon ui={ui} name="close" />
        </button>
        {children}
      </div>
    </div>
  );
}
