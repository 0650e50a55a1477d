/**
 * Issue 30: a refused sign-in at the console whose officer is not known (a forged or spent state,
 * another browser's callback, the directory refusing the code) is anyone's to cause, so it is not a
 * line of the append-only audit log each: it is a count per caller address and hour, one row upserted
 * per window and deleted after 90 days by the console's job (`consoleSignInRefusals`). The sign-ins in
 * progress get an index for the job that deletes them once expired.
 */
export const consoleSignInRefusals = `
create table console_sign_in_refusal (
  address text not null,
  window_start timestamptz not null,
  count integer not null check (count > 0),
  last_reason text not null,
  last_at timestamptz not null,
  primary key (address, window_start)
);
create index console_sign_in_refusal_window on console_sign_in_refusal (window_start desc);
create index console_login_created on console_login (created_at);
`;
