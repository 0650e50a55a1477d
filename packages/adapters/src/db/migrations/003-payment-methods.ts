/**
 * The identity number a donor gave for IRAS inclusion, sealed like every NRIC (ciphertext plus keyed
 * hash). How each attempt is paid (card, PayNow, Google Pay, Apple Pay), and for PayNow the QR it showed and
 * until when it may be paid: polling reads these, never the provider.
 */
export const paymentMethods = `
alter table payment_attempt
  add column method text not null default 'card'
    check (method in ('card', 'paynow', 'google_pay', 'apple_pay')),
  add column qr_payload text,
  add column expires_at timestamptz;
alter table donation
  add column tax_id_encrypted bytea,
  add column tax_id_hash bytea;
`;
