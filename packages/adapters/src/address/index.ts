// Server side: OneMap and Google are called from the server (keys and rate limits stay there).
export * from "./fetch-json";
export * from "./onemap";
export * from "./google-geocode";
export * from "./lookup";
