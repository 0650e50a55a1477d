export * from "./sandbox";
export * from "./paynow-qr";
