import { onTestFinished, vi } from "vitest";

/**
 * Chromium blurs the focused element that a render removes, during that render (and a form
 * input's blur validates it, which asks for another render); happy-dom does not. Until the
 * test ends, removing an element (Preact removes with `remove()`) first blurs the focused
 * element inside it, as Chromium does.
 */
export function blurOnRemove(): void {
  const remove = Element.prototype.remove;
  const spy = vi.spyOn(Element.prototype, "remove").mockImplementation(function (this: Element) {
    let focused: Element | null = null;
    try {
      focused = (this.getRootNode() as Document | ShadowRoot).activeElement;
    } catch {
      // happy-dom cannot say what is focused in a shadow root whose focus was in a removed host.
    }
    if (focused && this.contains(focused)) focused.dispatchEvent(new FocusEvent("blur"));
    remove.call(this);
  });
  onTestFinished(() => spy.mockRestore());
}
