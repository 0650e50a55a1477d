/**
 * The version of the terms and conditions a donor agrees to at sign-up and enrolment (spec §5: iAgree
 * must be true; 'Please Agree to our terms and conditions'). Change it when the council publishes new
 * terms: agreements to an earlier version are kept with their version, and iAgree then reports false
 * until the donor agrees again.
 */
export const TERMS_VERSION = "2026-01";
