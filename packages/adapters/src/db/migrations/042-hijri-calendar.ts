/**
 * Issue 33: the council's Hijri calendar. Singapore's Hijri dates are MUIS's own, so the month starts
 * the council announces are data: `hijri_month` holds the published start of each month (one row per
 * Hijri year and month; an amendment replaces the start), `hijri_month_draft` the starts officers
 * propose, each approved by a different officer (as rates are) before it is published. A month start
 * is 29 or 30 days after the previous month's, which the domain checks (`checkMonthStart`); the
 * database keeps the shape: a real month, a year in range, one month per start day, four eyes.
 */
export const hijriCalendar = `
create table hijri_month (
  year integer not null check (year between 1422 and 1600),
  month integer not null check (month between 1 and 12),
  starts_on date not null unique,
  published_at timestamptz not null,
  draft_id bigint,
  primary key (year, month)
);

create table hijri_month_draft (
  id bigserial primary key,
  year integer not null check (year between 1422 and 1600),
  month integer not null check (month between 1 and 12),
  starts_on date not null,
  status text not null default 'pending' check (status in ('pending', 'published', 'withdrawn')),
  drafted_by text not null,
  drafted_by_name text not null,
  drafted_at timestamptz not null,
  approved_by text,
  approved_by_name text,
  approved_at timestamptz,
  withdrawn_by text,
  withdrawn_at timestamptz,
  check (approved_by is null or approved_by <> drafted_by)
);
create index hijri_month_draft_status on hijri_month_draft (status, id desc);
`;
