// Server only: Singpass (FAPI/OIDC) login and the MyInfo v3 person. Uses node:crypto.
export * from "./pkce";
export * from "./oidc";
export * from "./myinfo";
export * from "./person";
