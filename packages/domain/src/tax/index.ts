export * from "./treatment.ts";
export * from "./tax-year.ts";
export * from "./statement.ts";
export * from "./due-date.ts";
export * from "./calendar.ts";
