import type { Device, PublicFloow } from "@floow/domain/logic";
import type { Flow } from "../flow";
import type { RuntimeTexts } from "../i18n";
import type { Brand } from "../theme";

/**
 * What every part of a rendered floow reads, passed down as the `ui` prop. The renderer has
 * no component state (the `Flow` holds the state, the instance renders again on each change).
 */
export interface Ui {
  flow: Flow;
  floow: PublicFloow;
  device: Device;
  texts: RuntimeTexts;
  brand?: Brand;
  /** The brand's main colour (`#rrggbb`). */
  primary: string;
  /** The editor's preview: links open in a new tab, never in the editor's own. */
  preview?: boolean;
}

export interface UiProps {
  ui: Ui;
}
