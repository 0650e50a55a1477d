export * from "./days.ts";
export * from "./balances.ts";
export * from "./haul.ts";
export * from "./haul-explanation.ts";
export * from "./instalments.ts";
export * from "./assessment.ts";
export * from "./assessment-check.ts";
