/**
 * Issue 32: kiosks. A kiosk is a counter device of its own kind, registered by an officer like any
 * device (its key pair made on the kiosk, the private half never leaving it), so one registry knows
 * every device of a mosque. Its kind decides what its key may sign: a counter device signs offline
 * entries and receipts; a kiosk signs only its requests to start a payment, so the server (not the
 * browser) names the receipt's source `kiosk` and the kiosk's mosque. A kiosk pays by PayNow or by a
 * NETS terminal, whose approval code the payment keeps as its reference (`counter_reference`).
 */
export const kiosks = `
alter table counter_device
  add column kind text not null default 'counter' check (kind in ('counter', 'kiosk'));
alter table payment_attempt drop constraint payment_attempt_method_check;
alter table payment_attempt add constraint payment_attempt_method_check
  check (method in ('card', 'paynow', 'google_pay', 'apple_pay', 'nets'));
`;
