/**
 * Singpass logins in progress, one per guest session: the state (hashed), and sealed under the
 * server's key the nonce, the PKCE verifier, the NRIC Singpass verified and the MyInfo person, until
 * the donor confirms or the login expires. Nothing of it ever reaches the browser unsealed.
 */
export const singpassLogins = `
create table singpass_login (
  guest_session_id uuid primary key references guest_session (id) on delete cascade,
  state_hash bytea not null unique,
  step text not null check (step in ('singpass', 'myinfo', 'ready')),
  sealed bytea not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index singpass_login_expires on singpass_login (expires_at);
`;
