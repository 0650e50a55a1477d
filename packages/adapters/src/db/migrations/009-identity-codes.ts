/**
 * The embedded identity layer's codes and limits, shared by every instance and kept over a restart.
 * A code is stored only as a hash, under a hash of what it is for (sign-up or reset, and the account's
 * e-mail), so the table names no one. Limit windows are counted per key (a hash too) in fixed windows.
 */
export const identityCodes = `
create table identity_code (
  key_hash bytea primary key,
  code_hash bytea not null,
  expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0)
);
create index identity_code_expiry on identity_code (expires_at);
create table rate_window (
  key_hash bytea primary key,
  window_start_ms bigint not null,
  window_ms integer not null check (window_ms > 0),
  count integer not null check (count >= 0)
);
create index rate_window_end on rate_window ((window_start_ms + window_ms));
`;
