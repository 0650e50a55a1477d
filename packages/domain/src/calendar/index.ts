export * from "./days.ts";
export * from "./fitrah-deadline.ts";
export * from "./hijri-date.ts";
export * from "./hijri-calendar.ts";
export * from "./month-start-check.ts";
export * from "./reschedule.ts";
export * from "./last-ten-nights.ts";
export * from "./tabular.ts";
