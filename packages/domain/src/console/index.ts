export * from "./roles.ts";
export * from "./rates.ts";
export * from "./site-content.ts";
