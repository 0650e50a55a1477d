export * from "./offline.ts";
