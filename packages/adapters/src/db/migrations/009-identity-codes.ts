/**
 * Request limits shared by every instance and kept over a restart: windows counted per key (a hash, so
 * the table names no one) in fixed windows. (The identity stand-in's codes, once made here too, are in
 * `@portal/standins`' own migrations; see migration 019.)
 */
export const identityCodes = `
create table rate_window (
  key_hash bytea primary key,
  window_start_ms bigint not null,
  window_ms integer not null check (window_ms > 0),
  count integer not null check (count >= 0)
);
create index rate_window_end on rate_window ((window_start_ms + window_ms));
`;
