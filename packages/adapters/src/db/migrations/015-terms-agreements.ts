/**
 * Agreement to the terms and conditions (spec §5: iAgree), as the donor gave it: the version of the
 * terms shown and when. A sign-up's agreement waits with the sign-up (PreSignUp) until its first
 * signed-in call makes it the donor's; an enrolment's is the donor's at once.
 */
export const termsAgreements = `
create table signup_terms_agreement (
  provider text not null,
  subject text not null,
  terms_version text not null,
  agreed_at timestamptz not null,
  primary key (provider, subject)
);
create table donor_terms_agreement (
  donor_id uuid primary key references donor (id) on delete cascade,
  terms_version text not null,
  agreed_at timestamptz not null
);
`;
