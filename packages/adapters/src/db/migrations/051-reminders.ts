/**
 * Issue 33: reminders. `reminder_preference` holds a signed-in donor's opt-ins (before the haul due
 * date, before Ramadan), the language the mails are written in, and the random id the unsubscribe
 * link's signed token names (the link carries no donor id and no address). `reminders_sent` makes each
 * reminder sent once: its primary key is the reminder's key (donor, kind, due day), claimed in the
 * transaction that records the mail in `mail_queue` (whose own key is the same), so a job killed before
 * the commit leaves neither and a re-run claims it then; a job killed after it leaves both, and the
 * re-run finds the key claimed. A donor's rows go with the donor.
 */
export const reminders = `
create table reminder_preference (
  donor_id uuid primary key references donor (id) on delete cascade,
  haul boolean not null default false,
  ramadan boolean not null default false,
  lang text not null default 'en' check (lang in ('en', 'ms')),
  unsubscribe_id text not null unique,
  updated_at timestamptz not null
);
create index reminder_preference_opted on reminder_preference (donor_id) where haul or ramadan;

create table reminders_sent (
  key text primary key,
  donor_id uuid not null references donor (id) on delete cascade,
  kind text not null check (kind in ('haul', 'fitrah', 'fidyah')),
  due_date date not null,
  hijri text,
  estimated boolean not null,
  claimed_at timestamptz not null
);
create index reminders_sent_donor on reminders_sent (donor_id);
`;
