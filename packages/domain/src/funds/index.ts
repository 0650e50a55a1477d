export * from "./fund.ts";
export * from "./registry.ts";
export * from "./lookup.ts";
