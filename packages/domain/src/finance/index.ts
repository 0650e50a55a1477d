export * from "./reconcile.ts";
export * from "./iras-records.ts";
export * from "./csv.ts";
export * from "./dashboard.ts";
export * from "./donor-sketch.ts";
