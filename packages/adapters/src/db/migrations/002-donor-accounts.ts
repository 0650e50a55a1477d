/**
 * Donor accounts: server-issued guest sessions (instead of service credentials in the browser), the
 * donor's profile, which identity e-mail each link carries, saved card tokens, and who a donation
 * belongs to (a donor, or the guest session that made it).
 */
export const donorAccounts = `
create table guest_session (
  id uuid primary key,
  token_hash bytea not null unique,
  donor_id uuid references donor (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index guest_session_expires on guest_session (expires_at);

alter table donor
  add column profile jsonb not null default '{}'::jsonb,
  add column enrolment text not null default 'Manually'
    check (enrolment in ('Manually', 'Singpass', 'Anonymous'));

alter table identity_link add column email text;
create index identity_link_email on identity_link (lower(email));
create index identity_link_donor on identity_link (donor_id);

alter table donation
  add column guest_session_id uuid references guest_session (id),
  add column source text not null default 'Online',
  add column payment_type smallint not null default 1 check (payment_type in (1, 2, 3));
create index donation_status_flow_created on donation (flow, status, created_at desc);

create index recurring_plan_first_donation on recurring_plan (first_donation_id);

create table saved_card (
  id uuid primary key,
  donor_id uuid not null references donor (id),
  gateway text not null,
  gateway_token text not null,
  brand text not null,
  last4 char(4) not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  created_at timestamptz not null default now(),
  unique (gateway, gateway_token)
);
create index saved_card_donor on saved_card (donor_id);
`;
