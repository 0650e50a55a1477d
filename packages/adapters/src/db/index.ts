export * from "./sql";
export { openPglite, DataFolderBusy } from "./pglite";
export { openPostgres } from "./postgres";
export { migrate, migrations } from "./migrate";
export { seed, seedContact, seedSiteConfiguration } from "./seed";
export * from "./configuration";
export { openDatabase, type DatabaseOptions } from "./open";
export * from "./donations";
