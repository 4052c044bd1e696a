import { iconPath } from "@floow/domain/logic";
import type { IconName } from "@floow/domain/logic";
import { h } from "preact";
import type { Ui } from "./ui";

/**
 * A button icon or the runtime's close and check marks. The paths' one source is
 * `@floow/domain` (`iconPath`): the npm build bundles them, the script-tag renderer
 * (`__SCRIPT_TAG__`) draws the ones the public API sends with its floow (`floow.icons`).
 */
export function Icon({ ui, name }: { ui: Ui; name: IconName }) {
  const path = __SCRIPT_TAG__ ? ui.floow.icons?.[name] : iconPath(name);
  if (!path) return null;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path {...path} />
    </svg>
  );
}
