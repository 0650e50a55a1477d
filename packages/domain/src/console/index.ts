export * from "./roles";
export * from "./rates";
export * from "./site-content";
