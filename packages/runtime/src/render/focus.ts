/**
 * What Tab stops at in a floow: the runtime renders no `disabled` control (a button that
 * cannot act is `aria-disabled`, and stays reachable) and no positive `tabindex` (the page's
 * `tabIndex={-1}` and the form's hidden submit button are not stops).
 */
const TABBABLE = "a[href],button:not([hidden]),input,select,textarea";

/** The focused element, looking into shadow roots (ours included). */
export function deepActiveElement(doc: Document = document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

export function tabbables(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE));
}
