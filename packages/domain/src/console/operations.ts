/** The console's operations on gifts (issue 18): refunds and voids, counter receipts, searches. */
export * from "./reason";
export * from "./reversal";
export * from "./counter-payment";
export * from "./donation-search";
export * from "./timeline";
export * from "./lookup";
