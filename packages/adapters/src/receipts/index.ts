export * from "./verification-code";
export * from "./verification-qr";
