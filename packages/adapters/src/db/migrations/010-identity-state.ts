/**
 * What the embedded identity layer used to keep in each process's memory, now shared by every instance
 * and kept over a restart: temporary passwords of administrator-made accounts, e-mail changes waiting
 * for their code, NEW_PASSWORD_REQUIRED challenge sessions and global sign-outs. Every row is under an
 * HMAC of its account (or of its session), so no table names anyone; a temporary password is kept only
 * as a salted scrypt hash, a new e-mail address and a challenge's account are sealed (AES-256-GCM under
 * the server's key, bound to their row). Each row has an expiry; expired rows are deleted as new ones
 * are written.
 */
export const identityState = `
create table identity_temporary_password (
  account_hash bytea primary key,
  password_hash bytea not null,
  expires_at timestamptz not null
);
create index identity_temporary_password_expiry on identity_temporary_password (expires_at);
create table identity_pending_email (
  account_hash bytea primary key,
  sealed_email bytea not null,
  expires_at timestamptz not null
);
create index identity_pending_email_expiry on identity_pending_email (expires_at);
create table identity_challenge (
  session_hash bytea primary key,
  sealed_username bytea not null,
  expires_at timestamptz not null
);
create index identity_challenge_expiry on identity_challenge (expires_at);
create table identity_sign_out (
  account_hash bytea primary key,
  signed_out_second bigint not null,
  expires_at timestamptz not null
);
create index identity_sign_out_expiry on identity_sign_out (expires_at);
create table identity_sign_out_token (
  account_hash bytea not null references identity_sign_out (account_hash) on delete cascade,
  token_hash bytea not null,
  primary key (account_hash, token_hash)
);
`;
