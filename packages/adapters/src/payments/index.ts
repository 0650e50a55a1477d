export * from "./paynow-qr";
export * from "./stripe";
export * from "./webhooks";
export * from "./scheduler";
export * from "./refunds";
export * from "./nets-terminal";
export * from "./nights";
