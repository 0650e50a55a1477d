/**
 * Issue 32: an officer's decision on a counter device's held or flagged entry (docs/counter.md,
 * "Held and flagged entries: an officer decides"). A held entry is **taken** (applied as the sync
 * would have applied it: `outcome` becomes `applied`, its held reason kept for the record) or
 * **refused** (`outcome = 'refused'`: nothing paid, its number stands refused in the device's series).
 * An entry applied outside a shift is **moved** into a shift of its mosque (open, or closed and not
 * signed off) or **acknowledged** with a reason. Each decision keeps who made it, when, and why.
 */
export const counterEntryDecisions = `
alter table counter_offline_entry drop constraint counter_offline_entry_outcome_check;
alter table counter_offline_entry add constraint counter_offline_entry_outcome_check
  check (outcome in ('applied', 'held', 'refused'));
-- A held entry keeps its reason after an officer took or refused it.
alter table counter_offline_entry drop constraint counter_offline_entry_check1;
alter table counter_offline_entry add constraint counter_offline_entry_reason_check
  check (outcome = 'applied' or reason is not null);
alter table counter_offline_entry
  add column decided text check (decided in ('taken', 'refused')),
  add column decided_by text,
  add column decided_at timestamptz,
  add column decision_reason text,
  add column flag_decided text check (flag_decided in ('moved', 'acknowledged')),
  add column flag_decided_by text,
  add column flag_decided_at timestamptz,
  add column flag_reason text,
  add constraint counter_offline_entry_decision_rule
    check ((decided is null) = (decided_by is null and decision_reason is null)
       and (outcome <> 'refused' or decided = 'refused')
       and (decided <> 'taken' or outcome = 'applied')),
  add constraint counter_offline_entry_flag_decision_rule
    check ((flag_decided is null) = (flag_decided_by is null and flag_reason is null)
       and (flag_decided is null or shift_flag is not null));
create index counter_offline_entry_open_flags on counter_offline_entry (seq)
  where shift_flag is not null and flag_decided is null;

-- A flagged entry's gift may be moved into a closed shift not yet signed off (its close's expected
-- totals are then counted again); a new gift still goes only into an open shift, and never into a
-- signed-off one.
create or replace function donation_shift_open() returns trigger language plpgsql as $$
begin
  if new.shift_id is not null and (tg_op = 'INSERT' or new.shift_id is distinct from old.shift_id)
     and not exists (
       select 1 from counter_shift where id = new.shift_id
         and (status = 'open' or (status = 'closed' and tg_op = 'UPDATE' and old.shift_id is null))
     ) then
    raise exception 'counter shift % is not open', new.shift_id;
  end if;
  return new;
end
$$;
`;
