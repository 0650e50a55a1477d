/**
 * Issue 33's Performance item (docs/reminders.md, bench/report.md): the daily reminder run reads
 * every opted-in donor's year in donor-id order, a key range at a time. These indexes hold, in that
 * order, every column the run reads of the haul tracker's lines, the choices, the addresses and the
 * claims, so PostgreSQL answers a range from the index alone (an index-only scan, once vacuum has
 * marked the pages visible) instead of fetching each row from a heap page of its own: the haul
 * tracker's lines of 2,000 donors sit on ~10,000 heap pages, and on ~125 index pages. The haul
 * index also serves the tracker page's own reads (`haul_entry_donor` stays for its deletes).
 */
export const reminderRunIndexes = `
create index haul_entry_donor_lines on haul_entry (donor_id, wealth, on_date, created_at, id)
  include (kind, balance_cents);
create index reminder_preference_opted_run on reminder_preference (donor_id)
  include (haul, ramadan, lang, unsubscribe_id) where haul or ramadan;
drop index reminder_preference_opted;
create index donor_email_by_id on donor (id) include (email) where email is not null;
create index reminders_sent_donor_run on reminders_sent (donor_id)
  include (key, kind, due_date, hijri, estimated, claimed_at);
drop index reminders_sent_donor;
`;
