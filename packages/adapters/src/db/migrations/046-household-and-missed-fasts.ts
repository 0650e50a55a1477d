/**
 * Issue 33: what a signed-in donor keeps of their year in their account. `household_member`: the
 * people they pay fitrah for (name and relation), chosen when paying; `missed_fast`: the fasts they
 * missed, by Hijri year and reason, with the days, and the donation that paid their fidyah once paid.
 * Both are the donor's own (deleted with the donor); the calls cap them per donor
 * (SAVED_MEMBERS_MAX, MISSED_FASTS_MAX) under a lock on the donor's row, so two calls at once cannot
 * pass the cap together.
 */
export const householdAndMissedFasts = `
create table household_member (
  id uuid primary key,
  donor_id uuid not null references donor(id) on delete cascade,
  name text not null check (char_length(name) between 2 and 66),
  relation text not null
    check (relation in ('self', 'spouse', 'child', 'parent', 'sibling', 'other')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index household_member_donor on household_member (donor_id, created_at, id);

create table missed_fast (
  id uuid primary key,
  donor_id uuid not null references donor(id) on delete cascade,
  hijri_year integer not null check (hijri_year between 1380 and 1600),
  reason text not null
    check (reason in ('illness', 'travel', 'pregnancy', 'old-age', 'other')),
  days integer not null check (days between 1 and 30),
  paid_donation_id uuid references donation(id),
  paid_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((paid_donation_id is null) = (paid_at is null))
);
create index missed_fast_donor on missed_fast (donor_id, hijri_year desc, created_at, id);
`;
