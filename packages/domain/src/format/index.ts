export * from "./sgt.ts";
export * from "./dates.ts";
export * from "./receipt.ts";
export * from "./truncate.ts";
