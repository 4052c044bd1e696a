/** The live preview: the runtime rendering the draft inside a device frame. */
export { DeviceFrame, RuntimePreview } from "./preview";
export type { PreviewTarget } from "./preview";
