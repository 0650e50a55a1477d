/**
 * Recurring plans that can belong to a guest, renewals claimed once per (plan, period), the card a
 * donor asked to keep. (The sandbox gateway's tables it once made belong to the stand-ins now:
 * `@portal/standins`' own migrations; see migration 019.)
 */
export const recurringAndSandbox = `
alter table recurring_plan alter column donor_id drop not null;
alter table recurring_plan drop constraint recurring_plan_status_check;
alter table recurring_plan
  add constraint recurring_plan_status_check check (status in ('active', 'suspended', 'cancelled')),
  add column guest_session_id uuid references guest_session (id),
  add column flow text not null default 'ZAKAT'
    check (flow in ('ZAKAT', 'FIDYAH', 'KAFFARAH', 'ILMU', 'WMS')),
  add column amounts jsonb not null default '{}'::jsonb,
  add column gateway text not null default 'sandbox',
  add column card_brand text,
  add column card_last4 char(4) check (card_last4 ~ '^[0-9]{4}$'),
  add column anchor_on date,
  add column last_period integer not null default 0 check (last_period >= 0),
  add column consecutive_declines integer not null default 0 check (consecutive_declines >= 0),
  add column updated_at timestamptz not null default now(),
  add constraint recurring_plan_owner check (donor_id is not null or guest_session_id is not null);
create unique index recurring_plan_first_donation_unique on recurring_plan (first_donation_id);
create index recurring_plan_due on recurring_plan (next_charge_on) where status = 'active';

create table recurring_charge (
  plan_id uuid not null references recurring_plan (id),
  period integer not null check (period > 0),
  donation_id uuid not null unique references donation (id),
  status text not null default 'claimed' check (status in ('claimed', 'succeeded', 'failed')),
  claimed_at timestamptz not null default now(),
  settled_at timestamptz,
  primary key (plan_id, period)
);
create index recurring_charge_claimed on recurring_charge (claimed_at) where status = 'claimed';

alter table donation add column save_card boolean not null default false;
create index payment_attempt_open on payment_attempt (created_at) where status in ('initiated', 'pending');
`;
