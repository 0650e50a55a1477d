export * from "./link";
export * from "./address";
export * from "./tax";
export * from "./images";
export * from "./recurrence";
export * from "./attributes";
export * from "./pay-partners";
