export * from "./crc16";
export * from "./payload";
