/** The console's operations on gifts (issue 18): refunds and voids, counter receipts, searches. */
export * from "./reason.ts";
export * from "./reversal.ts";
export * from "./counter-payment.ts";
export * from "./donation-search.ts";
export * from "./timeline.ts";
export * from "./lookup.ts";
export * from "./shift.ts";
