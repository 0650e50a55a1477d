/**
 * Second payments given back. A donation paid twice (a superseded PayNow QR paid late, say) keeps the
 * payment that paid it; the other is refunded through the gateway. `refund_due_at` marks a payment
 * owed back until the gateway has refunded it (reconciliation retries). (It also let the sandbox
 * gateway's table hold a refunded payment: the stand-ins' own migrations do that now.)
 */
export const duplicateRefunds = `
alter table payment_attempt add column refund_due_at timestamptz;
alter table payment_attempt drop constraint payment_attempt_status_check;
alter table payment_attempt add constraint payment_attempt_status_check
  check (status in ('initiated', 'pending', 'succeeded', 'failed', 'refunded'));
create index payment_attempt_refund_due on payment_attempt (refund_due_at) where refund_due_at is not null;
`;
