export * from "./household.ts";
export * from "./checkout.ts";
export * from "./saved.ts";
