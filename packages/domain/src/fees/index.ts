export * from "./card-fee.ts";
