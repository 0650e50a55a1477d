export * from "./address";
export * from "./postal-code";
export * from "./onemap";
export * from "./google-geocode";
