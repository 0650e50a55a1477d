/**
 * @portal/domain: the pure rules of the giving portal (zakat, fidyah and kaffarah maths, validators,
 * formatting, flows, session and payment rules) and the ports its programs need. Depends on `effect` only.
 */
export * from "./errors.ts";
export * from "./money.ts";
export * from "./fees/index.ts";
export * from "./config.ts";
export * from "./terms.ts";
export * from "./enrolment.ts";
export * from "./zakat/index.ts";
export * from "./fidyah.ts";
export * from "./missed-fasts.ts";
export * from "./kaffarah.ts";
export * from "./donation-widget.ts";
export * from "./limits.ts";
export * from "./counts.ts";
export * from "./validators/index.ts";
export * from "./format/index.ts";
export * from "./funds/index.ts";
export * from "./flow.ts";
export * from "./site.ts";
export * from "./scroll-spy.ts";
export * from "./home-content.ts";
export * from "./site-links.ts";
export * from "./home-texts.ts";
export * from "./chrome.ts";
export * from "./session.ts";
export * from "./lifecycle.ts";
export * from "./payment-state.ts";
export * from "./ports/index.ts";
export * from "./api-error-report.ts";
export * from "./donation-pricing.ts";
export * from "./paynow/index.ts";
export * from "./checkout-order.ts";
export * from "./recurring.ts";
export * from "./auth/index.ts";
export * from "./receipt/index.ts";
export * from "./tax/index.ts";
export * from "./address/index.ts";
export * from "./console/index.ts";
export * from "./console/operations.ts";
export * from "./finance/index.ts";
export * from "./counter/index.ts";
export * from "./household/index.ts";
export * from "./year/index.ts";
export * from "./calendar/index.ts";
export * from "./collections/index.ts";
