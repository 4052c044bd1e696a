/**
 * Parts used by several sections of the editor: inspector rows and controls, icons, the
 * colour row, the floow image field and the rich text editor (loaded lazily: import
 * rich-text.tsx only through rich-text-lazy.tsx, so TipTap stays out of the first load).
 */
export {
  humanize,
  PanelSection,
  plainText,
  Row,
  Segmented,
  SelectRow,
  SizeRow,
  Switch,
  TextRow,
  useNameDraft,
} from "./controls";
export { ColorRow } from "./color-row";
export { FloowImageField } from "./floow-image-field";
export * from "./icons";
export { RichText } from "./rich-text-lazy";
