/**
 * Global sign-outs, shared by every instance and kept over a restart: per account (an HMAC of it, so no
 * table names anyone) the second it last signed out everywhere, and the tokens issued in that second
 * after it. Each row has an expiry; expired rows are deleted as new ones are written. (The identity
 * stand-in's temporary passwords, e-mail changes and challenges, once made here too, are in
 * `@portal/standins`' own migrations; see migration 019.)
 */
export const identityState = `
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
