/**
 * Issue 32: a counter device's entries in the amil's shift. An entry applied outside any shift the
 * amil had open at that mosque at its time (`shift.none`), or in one closed since (`shift.closed`), is
 * applied (the money was received) and flagged for an officer.
 */
export const counterAmil = `
alter table counter_offline_entry add column shift_flag text
  check (shift_flag is null or (outcome = 'applied' and shift_flag in ('shift.none', 'shift.closed')));
create index counter_offline_entry_flagged on counter_offline_entry (seq) where shift_flag is not null;
`;
