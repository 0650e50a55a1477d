export * from "./treatment";
export * from "./tax-year";
export * from "./statement";
export * from "./due-date";
export * from "./calendar";
