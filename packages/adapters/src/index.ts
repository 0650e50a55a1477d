// Browser-safe adapters. Server-only ones (database) are imported from "@portal/adapters/db".
export * from "./http/index";
export * from "./wire/home-page-configuration";
export * from "./wire/home-page-rates";
export * from "./wire/rate-fields";
export * from "./calendar/umalqura";
