import type { Donation } from "./payment-api";

export const methods = ["card", "paynow", "google_pay", "apple_pay"] as const;
export type Method = (typeof methods)[number];
export const frequencies = [
  "one time",
  "daily",
  "weekly",
  "monthly",
  "quarterly",
  "annually",
] as const;
export type Frequency = (typeof frequencies)[number];

export type Phase =
  | { readonly kind: "loading" }
  | { readonly kind: "form" }
  | { readonly kind: "challenge"; readonly url: string }
  | { readonly kind: "paynow" }
  | { readonly kind: "done"; readonly donation: Donation };
