export * from "./state";
export * from "./explanation";
export * from "./calculate";
export * from "./reducer";
export * from "./source-of-income";
