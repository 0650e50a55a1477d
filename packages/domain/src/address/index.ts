export * from "./address.ts";
export * from "./postal-code.ts";
export * from "./onemap.ts";
export * from "./google-geocode.ts";
