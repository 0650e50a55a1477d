export * from "./sgt";
export * from "./dates";
export * from "./receipt";
