// `@portal/adapters/testing`: helpers for the adapters' tests and the integration tests, never for what
// ships. The dependency rule (scripts/check-deps.mjs) refuses an import of this entry, or of a file in
// this folder, from any production file (src/, packages/*/src outside this folder and the tests).
export { stripeRecorder, type SeenRequest, type StripeRecorder } from "./stripe-recorder";
