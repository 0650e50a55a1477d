export * from "./collections.ts";
export * from "./asnaf.ts";
