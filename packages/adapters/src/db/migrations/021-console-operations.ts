/**
 * Issue 18, the console's operations. A gift given back in part keeps how much (`refunded_cents`); each
 * refund or void is a `donation_reversal`, asked for with an idempotency key (a retried click asks
 * once), approved by a second officer above the configured amount, and given back through the gateway
 * under a key of its own. A counter payment (cash, cheque, NETS, bank transfer) is a donation with
 * point-of-sale source, the mosque and the amil. A re-issued receipt takes the next number of its
 * series and says which it replaces. An officer can hide a gift from the donor wall.
 */
export const consoleOperations = `
alter table donation
  add column refunded_cents bigint not null default 0,
  add column mosque_name text,
  add column amil_id text,
  add column amil_name text,
  add column counter_reference text,
  add column bank_name text,
  add column wall_hidden_at timestamptz,
  add column wall_hidden_reason text,
  add constraint donation_refunded_cents check (refunded_cents between 0 and total_cents);
create index donation_created on donation (created_at desc, id desc);
create index donation_gift_email on donation (gift_email);
create index donation_tax_id_hash on donation (tax_id_hash) where tax_id_hash is not null;
create index donation_donor_id_hash on donation (donor_id_hash) where donor_id_hash is not null;
create index tax_registration_id_hash on tax_registration (id_hash);

create table donation_reversal (
  id uuid primary key,
  donation_id uuid not null references donation (id),
  kind text not null check (kind in ('refund', 'void')),
  amount_cents bigint not null check (amount_cents > 0),
  reason text not null,
  idempotency_key text not null unique check (length(idempotency_key) between 1 and 255),
  request_hash bytea not null,
  requested_by text not null,
  approved_by text,
  approved_at timestamptz,
  status text not null check (status in ('awaiting_approval', 'approved', 'done', 'failed')),
  failure_code text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (approved_by is null or approved_by <> requested_by)
);
create unique index donation_reversal_open on donation_reversal (donation_id)
  where status in ('awaiting_approval', 'approved', 'failed');
create index donation_reversal_waiting on donation_reversal (created_at) where status = 'awaiting_approval';

alter table receipt_reissue
  add column receipt_no text unique,
  add column serial bigint;
`;
