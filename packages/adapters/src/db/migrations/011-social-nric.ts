/**
 * The NRIC a donor gives in the NRIC-only step before a social sign-up, held for their guest session
 * across the provider's redirect instead of in the browser's storage: sealed under the server's key
 * (bound to the session), short-lived, and taken out (deleted) by the registration that uses it.
 */
export const socialNric = `
create table social_nric (
  guest_session_id uuid primary key references guest_session (id) on delete cascade,
  sealed bytea not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index social_nric_expires on social_nric (expires_at);
`;
