export * from "./popups.ts";
export * from "./sign-up-errors.ts";
export * from "./after-login.ts";
export * from "./logout.ts";
export * from "./social-return.ts";
