export * from "./popups";
export * from "./sign-up-errors";
export * from "./after-login";
export * from "./logout";
export * from "./social-return";
