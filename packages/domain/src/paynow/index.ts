export * from "./crc16";
export * from "./payload";
export * from "./timing";
