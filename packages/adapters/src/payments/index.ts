export * from "./sandbox";
export * from "./paynow-qr";
export * from "./stripe";
export * from "./webhooks";
