export * from "./paths";
export * from "./client";
export * from "./layer";
