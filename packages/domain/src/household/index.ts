export * from "./household.ts";
export * from "./checkout.ts";
