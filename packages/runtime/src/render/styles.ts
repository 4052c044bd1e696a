import { floowStyles, stylesheet } from "@floow/domain/logic";

/**
 * The floow's stylesheet, inside its shadow root: `@floow/domain`'s (`stylesheet`, where it
 * is written and explained). The npm build has all of it, since it shows any floow it is
 * given, in the editor's preview too. The script-tag renderer (`__SCRIPT_TAG__`) bundles only
 * the base parts (what every floow and the loading skeleton use) and takes the rules of the
 * features a floow renders (choices, form inputs, progress, results, its buttons' size and
 * animation) from the public API's answer (`floow.styles`): `sheetOf`, once the floow is there.
 */
export const CSS: string = __SCRIPT_TAG__ ? stylesheet([]) : stylesheet(floowStyles());

/** The stylesheet a floow is drawn with (the script-tag build: its own parts, see above). */
export const sheetOf = (styles: readonly string[] | undefined): string =>
  __SCRIPT_TAG__ ? stylesheet(styles ?? []) : CSS;
