/**
 * Issue 32: a counter device's entries in the amil's shift. An entry applied outside any shift the
 * amil had open at that mosque at its time (`shift.none`), or in one closed since (`shift.closed`), is
 * applied (the money was received) and flagged for an officer.
 */
export const counterAmil = `
alter table counter_offline_entry add column shift_flag text
  check (shift_flag is null or (outcome = 'applied' and shift_flag in ('shift.none', 'shift.closed')));
-- An entry's shift: the amil's shift at its mosque open at the entry's time.
create index counter_shift_amil on counter_shift (amil_id, opened_at desc);
create index counter_offline_entry_flagged on counter_offline_entry (seq) where shift_flag is not null;
`;
