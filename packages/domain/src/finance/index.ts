export * from "./reconcile";
export * from "./iras-records";
export * from "./csv";
export * from "./dashboard";
export * from "./donor-sketch";
