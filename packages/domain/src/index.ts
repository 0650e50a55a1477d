/**
 * @portal/domain: the pure rules of the giving portal (zakat, fidyah and kaffarah maths, validators,
 * formatting, flows, session and payment rules) and the ports its programs need. Depends on `effect` only.
 */
export * from "./errors";
export * from "./money";
export * from "./config";
export * from "./terms";
export * from "./enrolment";
export * from "./zakat/index";
export * from "./fidyah";
export * from "./kaffarah";
export * from "./donation-widget";
export * from "./limits";
export * from "./validators/index";
export * from "./format/index";
export * from "./funds/index";
export * from "./flow";
export * from "./site";
export * from "./scroll-spy";
export * from "./home-content";
export * from "./chrome";
export * from "./session";
export * from "./lifecycle";
export * from "./payment-state";
export * from "./ports/index";
export * from "./api-error-report";
export * from "./donation-pricing";
export * from "./paynow/index";
export * from "./checkout-order";
export * from "./recurring";
export * from "./auth/index";
export * from "./receipt/index";
export * from "./tax/index";
export * from "./address/index";
export * from "./console/index";
export * from "./console/operations";
export * from "./finance/index";
