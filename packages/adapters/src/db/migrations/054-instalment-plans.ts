/**
 * Issue 33, instalments: a signed-in donor's monthly plan towards an assessed zakat amount (a saved
 * assessment's total), ending at the haul's due date. The months are charged by the recurring-plan
 * machinery (`recurring_plan`, the scheduler, manage links): the plan is written `pending` when the
 * donor starts it, and its first month's payment at checkout starts a monthly recurring plan
 * (`recurring_plan_id`) whose renewals take the schedule's amounts and end with its last month.
 * Each month's donation names its plan in `donation.inputs.instalment`; what was paid is read from
 * those donations. The settling offer at the haul date is mailed once (`settle_offered_at`).
 */
export const instalmentPlans = `
create table instalment_plan (
  id uuid primary key,
  donor_id uuid not null references donor (id) on delete cascade,
  assessment_id uuid references zakat_assessment (id) on delete set null,
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= 999999999999),
  first_on date not null,
  haul_on date not null check (haul_on >= first_on),
  months integer not null check (months between 1 and 13),
  lang text not null default 'en' check (lang in ('en', 'ms')),
  status text not null default 'pending' check (status in ('pending', 'active', 'stopped')),
  recurring_plan_id uuid unique references recurring_plan (id),
  settle_offered_at timestamptz,
  created_at timestamptz not null default now(),
  stopped_at timestamptz,
  check ((status = 'stopped') = (stopped_at is not null))
);
create index instalment_plan_donor on instalment_plan (donor_id, created_at);
create index instalment_plan_settle on instalment_plan (haul_on) where status = 'active' and settle_offered_at is null;
create index donation_instalment on donation ((inputs -> 'instalment' ->> 'planId'))
  where inputs ? 'instalment';
`;
