export * from "./offline.ts";
export * from "./device.ts";
export * from "./amil.ts";
