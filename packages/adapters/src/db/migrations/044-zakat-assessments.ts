/**
 * Issue 33: saved zakat harta assessments. One row per assessment a signed-in donor saved: what they
 * entered and the rates it was priced at (`body`, the domain's `Assessment` as JSON, so an old one still
 * shows the figures of its day), and beside it what the list shows (the Singapore day, its Hijri year by
 * the council's calendar, the total the server computed). Owned by the donor: deleting the donor deletes
 * them. The server keeps at most 100 per donor (counted under a lock of the donor's row) and refuses a
 * body over 8 KB; the checks below keep the shape even against a statement that skipped the server.
 */
export const zakatAssessments = `
create table zakat_assessment (
  id uuid primary key,
  donor_id uuid not null references donor (id) on delete cascade,
  assessed_on date not null,
  hijri_year integer not null check (hijri_year between 1400 and 1700),
  total_cents bigint not null check (total_cents >= 0),
  body jsonb not null check (octet_length(body::text) <= 16384),
  created_at timestamptz not null
);
create index zakat_assessment_donor on zakat_assessment (donor_id, created_at desc, id);
`;
