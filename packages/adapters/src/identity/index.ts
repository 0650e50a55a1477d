export * from "./tokens";
