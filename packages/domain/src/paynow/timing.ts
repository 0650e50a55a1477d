/** Spec §9's QR constants: a PayNow QR may be paid for 300 s. */
export const PAYNOW_QR_LIFETIME_MS = 300_000;
/** Spec §9: the page asks for the payment's status every 3 s. */
export const PAYNOW_POLL_MS = 3_000;
/** Spec §9: after the QR expires, a late bank answer is still awaited for 30 s. */
export const PAYNOW_ENQUIRY_GRACE_MS = 30_000;
