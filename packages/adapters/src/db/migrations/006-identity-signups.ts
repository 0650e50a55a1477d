/**
 * Sign-ups waiting for their first sign-in. The PreSignUp check (the identity provider's trigger, or
 * the embedded layer in front of cognito-local) records who the new account says it is; the first
 * signed-in call with a verified e-mail turns the record into a donor link and deletes it. The NRIC is
 * kept only as ciphertext and keyed hash, like the donor's own, and never reaches the identity provider.
 */
export const identitySignups = `
create table identity_signup (
  provider text not null,
  subject text not null,
  kind text not null check (kind in ('individual', 'corporate')),
  name text not null,
  email text,
  mobile_country_code text,
  mobile text,
  nric_encrypted bytea,
  nric_hash bytea,
  uen text,
  company_name text,
  created_at timestamptz not null default now(),
  primary key (provider, subject),
  check ((kind = 'individual' and nric_hash is not null) or (kind = 'corporate' and uen is not null))
);
create index identity_signup_nric on identity_signup (nric_hash);
create index identity_signup_uen on identity_signup (uen);
create index identity_signup_mobile on identity_signup (mobile_country_code, mobile);
`;
