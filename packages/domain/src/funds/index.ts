export * from "./fund";
export * from "./registry";
export * from "./lookup";
