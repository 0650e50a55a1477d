export { cursorBatches } from "./cursor";
export { sgtDaySpan } from "./day";
export type { GatewayRecords } from "./gateway-records";
export * from "./reconciliation";
export * from "./iras";
export * from "./exports";
export { csvChunks, xlsxChunks } from "./spreadsheet";
export * from "./dashboard";
