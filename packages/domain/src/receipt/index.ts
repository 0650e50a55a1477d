export * from "./link.ts";
export * from "./address.ts";
export * from "./tax.ts";
export * from "./images.ts";
export * from "./recurrence.ts";
export * from "./attributes.ts";
export * from "./pay-partners.ts";
export * from "./verification.ts";
