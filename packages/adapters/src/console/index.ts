export * from "./sessions";
export * from "./audit";
export * from "./staff-oidc";
export * from "./rate-drafts";
export * from "./site-content";
export * from "./sign-in-refusals";
export * from "./hijri-calendar";
