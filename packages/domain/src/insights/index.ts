export * from "./bitmap";
export * from "./availability";
export * from "./counts";
export * from "./paths";
export * from "./ranking";
export * from "./suggest";
export * from "./schema";
