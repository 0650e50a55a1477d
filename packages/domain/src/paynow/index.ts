export * from "./crc16.ts";
export * from "./payload.ts";
export * from "./timing.ts";
