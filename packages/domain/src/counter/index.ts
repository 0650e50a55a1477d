export * from "./offline.ts";
export * from "./device.ts";
export * from "./amil.ts";
export * from "./kiosk.ts";
export * from "./counter-paynow.ts";
export * from "./held.ts";
