import type { Device, PublicFloow } from "@floow/domain/logic";
import type { Flow } from "../flow";
import type { RuntimeTexts } from "../i18n";
import type { Brand } from "../theme";

/**
 * What every part of a rendered floow reads, passed down as the `ui` prop. The renderer has
 * no component state and no hooks (the `Flow` holds the state, the instance re-renders on
 * each change), which keeps preact/hooks out of the 20 kB budget.
 */
export interface Ui {
  flow: Flow;
  floow: PublicFloow;
  device: Device;
  texts: RuntimeTexts;
  brand?: Brand;
  /** The brand's main colour (`#rrggbb`). */
  primary: string;
}

export interface UiProps {
  ui: Ui;
}
