export * from "./paths";
export * from "./client";
