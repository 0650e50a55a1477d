import { applyMigrations, type Sql } from "@portal/adapters/db";

/**
 * The stand-ins' own tables, made only where a stand-in runs (never by the portal's migrations).
 * Tracked in `standin_migration`, apart from the portal's `schema_migration`. Each table is made only
 * if missing: a database migrated before the stand-ins moved out (portal migration 019) may still hold
 * them, with the same shape, and they are taken over as they are. Never edit one that has shipped.
 */
export const standinMigrations: ReadonlyArray<{ readonly id: string; readonly sql: string }> = [
  {
    // The sandbox gateway's records, so it survives the portal as a remote provider does (crash
    // reconciliation asks it what happened). No card number is kept.
    id: "001-sandbox",
    sql: `
create table if not exists sandbox_payment_method (
  id text primary key,
  brand text not null,
  last4 char(4) not null,
  exp_month integer not null,
  exp_year integer not null,
  behaviour text not null check (behaviour in ('succeed', 'decline', 'insufficient', 'threeDS')),
  created_at timestamptz not null default now()
);
create table if not exists sandbox_payment (
  id text primary key,
  idempotency_key text not null unique,
  amount_cents bigint not null check (amount_cents > 0),
  state text not null
    check (state in ('initiated', 'pending', 'succeeded', 'failed', 'refunded')),
  method_id text references sandbox_payment_method (id),
  failure_code text,
  challenge boolean not null default false,
  off_session boolean not null default false,
  paynow_payload text unique,
  paynow_reference text,
  paynow_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
`,
  },
  {
    // The identity stand-in's codes (hashes only, under a hash of what each is for) and its state
    // between calls: temporary passwords (salted scrypt), e-mail changes and challenge sessions
    // (sealed under the server's key, bound to their row), each with an expiry.
    id: "002-identity",
    sql: `
create table if not exists identity_code (
  key_hash bytea primary key,
  code_hash bytea not null,
  expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0)
);
create index if not exists identity_code_expiry on identity_code (expires_at);
create table if not exists identity_temporary_password (
  account_hash bytea primary key,
  password_hash bytea not null,
  expires_at timestamptz not null
);
create index if not exists identity_temporary_password_expiry
  on identity_temporary_password (expires_at);
create table if not exists identity_pending_email (
  account_hash bytea primary key,
  sealed_email bytea not null,
  expires_at timestamptz not null
);
create index if not exists identity_pending_email_expiry on identity_pending_email (expires_at);
create table if not exists identity_challenge (
  session_hash bytea primary key,
  sealed_username bytea not null,
  expires_at timestamptz not null
);
create index if not exists identity_challenge_expiry on identity_challenge (expires_at);
`,
  },
  {
    // Refunds in part (the console's reversals, issue 18): how much of a payment was given back, and
    // each refund under its idempotency key.
    id: "003-sandbox-refunds",
    sql: `
alter table sandbox_payment add column if not exists refunded_cents bigint not null default 0;
create table if not exists sandbox_refund (
  key text primary key,
  payment_id text not null references sandbox_payment (id),
  amount_cents bigint not null check (amount_cents > 0),
  created_at timestamptz not null default now()
);
`,
  },
  {
    // The sandbox's records by when they were made and last changed (the finance section's
    // reconciliation of a day, issue 19).
    id: "004-sandbox-by-time",
    sql: `
create index if not exists sandbox_payment_created_at on sandbox_payment (created_at);
create index if not exists sandbox_payment_updated_at on sandbox_payment (updated_at);
`,
  },
];

/** Apply the stand-ins' migrations not yet applied, after the portal's own (`openDatabase`). */
export const migrateStandins = (sql: Sql): Promise<ReadonlyArray<string>> =>
  applyMigrations(sql, {
    migrations: standinMigrations,
    table: "standin_migration",
    lock: 7305013,
  });
