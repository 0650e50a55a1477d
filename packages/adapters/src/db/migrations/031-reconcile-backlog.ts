/**
 * Issue 21's crash run: more than 500 checkouts abandoned before a payment the gateway charged (the
 * portal killed before recording it) hid that payment from reconciliation, which asked only the 500
 * oldest open attempts, and again each pass. An attempt the gateway has nothing for is now asked about
 * again later (`next_check_at`, backing off to ten minutes), those never asked first.
 */
export const reconcileBacklog = `
alter table payment_attempt add column check_count integer not null default 0;
alter table payment_attempt add column next_check_at timestamptz;
create index payment_attempt_next_check on payment_attempt (next_check_at nulls first, created_at)
  where status in ('initiated', 'pending');
`;
