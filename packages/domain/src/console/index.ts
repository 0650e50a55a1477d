export * from "./roles";
export * from "./rates";
