// Server only: Singpass login (FAPI 2.0, openid-client) and the Myinfo person from its userinfo.
export * from "./fapi";
export * from "./person";
