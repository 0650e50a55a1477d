export * from "./state.ts";
export * from "./explanation.ts";
export * from "./calculate.ts";
export * from "./reducer.ts";
export * from "./source-of-income.ts";
