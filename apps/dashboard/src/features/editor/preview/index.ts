/** The live preview: the runtime rendering the draft inside a device frame. */
export { DEVICE_WIDTHS, DeviceFrame, RuntimePreview } from "./preview";
export type { PreviewTarget } from "./preview";
