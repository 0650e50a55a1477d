export * from "./days.ts";
export * from "./balances.ts";
export * from "./haul.ts";
export * from "./haul-explanation.ts";
export * from "./instalments.ts";
export * from "./tracker.ts";
export * from "./reminders.ts";
export * from "./reminder-calendar.ts";
