export * from "./sandbox";
