export * from "./offline.ts";
export * from "./device.ts";
