/**
 * Issue 33, the last ten nights of Ramadan: a signed-in donor's schedule of one wakaf gift a night
 * on a saved card, its nights as set (Hijri night, the Gregorian day, whether estimated, the evening
 * it is charged), each night claimed once: its row is its key, and a claim moves it from
 * `scheduled` to `claimed` with its donation in one statement. Links that stop a schedule are kept
 * as hashes, as recurring plans' are.
 */
export const lastTenNights = `
create table night_schedule (
  id uuid primary key,
  donor_id uuid not null references donor (id),
  hijri_year integer not null check (hijri_year between 1400 and 1600),
  flow text not null default 'WMS' check (flow in ('WMS', 'ILMU')),
  amount_cents bigint not null check (amount_cents > 0),
  rates_version integer not null,
  gateway text not null,
  card_token text not null,
  card_brand text not null,
  card_last4 char(4) not null check (card_last4 ~ '^[0-9]{4}$'),
  lang text not null default 'en' check (lang in ('en', 'ms')),
  status text not null default 'active' check (status in ('active', 'stopped')),
  created_at timestamptz not null default now(),
  stopped_at timestamptz
);
create unique index night_schedule_one_active on night_schedule (donor_id, hijri_year) where status = 'active';

create table night_schedule_night (
  schedule_id uuid not null references night_schedule (id),
  night integer not null check (night between 21 and 30),
  on_date date not null,
  estimated boolean not null,
  charge_on date not null,
  status text not null default 'scheduled'
    check (status in ('scheduled', 'claimed', 'succeeded', 'failed', 'dropped', 'missed', 'stopped')),
  donation_id uuid unique references donation (id),
  claimed_at timestamptz,
  primary key (schedule_id, night)
);
create index night_schedule_night_due on night_schedule_night (charge_on) where status = 'scheduled';

create table night_manage_token (
  token_hash bytea primary key,
  schedule_id uuid not null references night_schedule (id),
  expires_at timestamptz not null
);
`;
