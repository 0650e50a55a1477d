/**
 * The first schema. Money is integer cents (bigint) with checks; NRIC is stored encrypted with a keyed
 * hash beside it for lookups and uniqueness; the audit log cannot be updated or deleted.
 */
export const initial = `
create table charity (
  id integer primary key,
  name text not null
);

create table home_page_configuration (
  charity_id integer primary key references charity (id),
  version integer not null default 1 check (version > 0),
  nisab_value_cents bigint not null check (nisab_value_cents >= 0),
  gold_rate_cents numeric not null check (gold_rate_cents >= 0),
  gold_divisor numeric(8, 3) not null check (gold_divisor > 0),
  zakat_rate numeric(6, 5) not null check (zakat_rate between 0 and 1),
  gold_kept_threshold_grams numeric(10, 3) not null check (gold_kept_threshold_grams >= 0),
  gold_worn_threshold_grams numeric(10, 3) not null check (gold_worn_threshold_grams >= 0),
  fitrah_min_cents bigint not null check (fitrah_min_cents >= 0),
  fitrah_max_cents bigint not null check (fitrah_max_cents >= fitrah_min_cents),
  fitrah_normal_cents bigint not null check (fitrah_normal_cents >= 0),
  fitrah_premium_cents bigint not null check (fitrah_premium_cents >= 0),
  fidyah_per_day_cents bigint not null check (fidyah_per_day_cents >= 0),
  max_fidyah_cents bigint not null check (max_fidyah_cents >= 0),
  kaffarah_per_day_cents bigint not null check (kaffarah_per_day_cents >= 0),
  jimak_no_of_people integer not null check (jimak_no_of_people >= 0),
  nazar_no_of_people integer not null check (nazar_no_of_people >= 0),
  contact_number text not null,
  contact_email text not null,
  contact_address text not null,
  updated_at timestamptz not null default now()
);

create table social_media_icon (
  charity_id integer not null references charity (id),
  position integer not null,
  name text not null,
  url text not null,
  primary key (charity_id, position)
);

create table site_configuration (
  charity_id integer primary key references charity (id),
  config jsonb not null,
  updated_at timestamptz not null default now()
);

create table country (
  code char(2) primary key,
  name text not null unique,
  name_ms text not null,
  dial_code text not null check (dial_code ~ '^\\+[0-9]{1,4}$')
);

create table donor (
  id uuid primary key,
  kind text not null check (kind in ('individual', 'corporate')),
  name text not null,
  email text,
  mobile_country_code text,
  mobile text,
  nric_encrypted bytea,
  nric_hash bytea unique,
  uen text unique,
  company_name text,
  address jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'individual' and nric_hash is not null) or (kind = 'corporate' and uen is not null))
);
create unique index donor_mobile_unique on donor (mobile_country_code, mobile) where mobile is not null;

create table identity_link (
  provider text not null,
  subject text not null,
  donor_id uuid not null references donor (id),
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);

create table donation (
  id uuid primary key,
  transaction_no text not null unique,
  donor_id uuid references donor (id),
  flow text not null check (flow in ('ZAKAT', 'FIDYAH', 'KAFFARAH', 'ILMU', 'WMS')),
  status text not null check (status in ('initiated', 'pending', 'succeeded', 'failed', 'refunded', 'voided')),
  currency char(3) not null default 'SGD',
  total_cents bigint not null check (total_cents > 0),
  amounts jsonb not null,
  inputs jsonb not null,
  donor_details jsonb,
  frequency text not null default 'one time',
  payment_method text,
  card_brand text,
  card_last4 char(4) check (card_last4 ~ '^[0-9]{4}$'),
  rates_version integer not null,
  client_secret_hash bytea not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index donation_donor_created on donation (donor_id, created_at desc);

create table payment_attempt (
  id uuid primary key,
  donation_id uuid not null references donation (id),
  gateway text not null,
  gateway_ref text unique,
  status text not null check (status in ('initiated', 'pending', 'succeeded', 'failed')),
  amount_cents bigint not null check (amount_cents > 0),
  failure_code text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payment_attempt_donation on payment_attempt (donation_id);

create table recurring_plan (
  id uuid primary key,
  donor_id uuid not null references donor (id),
  first_donation_id uuid not null references donation (id),
  amount_cents bigint not null check (amount_cents > 0),
  frequency text not null,
  status text not null check (status in ('active', 'cancelled')),
  card_token text not null,
  next_charge_on date,
  created_at timestamptz not null default now(),
  cancelled_at timestamptz,
  check ((status = 'cancelled') = (cancelled_at is not null))
);

create table receipt_series (
  series text primary key,
  next_serial bigint not null check (next_serial > 0)
);

create table receipt (
  id uuid primary key,
  donation_id uuid not null unique references donation (id),
  series text not null references receipt_series (series),
  serial bigint not null,
  receipt_no text not null unique,
  token_hash bytea not null unique,
  issued_at timestamptz not null default now(),
  unique (series, serial)
);

create table tax_registration (
  id uuid primary key,
  donation_id uuid not null unique references donation (id),
  id_kind text not null check (id_kind in ('NRIC', 'FIN', 'UEN')),
  id_encrypted bytea not null,
  id_hash bytea not null,
  created_at timestamptz not null default now()
);

create table idempotency_key (
  scope text not null,
  key text not null check (length(key) between 1 and 255),
  request_hash bytea not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);

create table webhook_event (
  id text primary key,
  type text not null,
  created_at_provider timestamptz not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);

create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor text not null,
  action text not null,
  entity text not null,
  entity_id text not null,
  detail jsonb not null default '{}'::jsonb
);

create function audit_log_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_is_append_only();
`;
