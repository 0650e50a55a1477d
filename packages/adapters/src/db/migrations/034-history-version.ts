/**
 * Issue 21: a version of each donor's history list, so a web instance may answer a list it encoded
 * before when nothing in it changed. `donor_history_version` holds, per donor, a value drawn from one
 * sequence by every write that can change what the donor's list shows: their donations (any column;
 * inserted, updated, deleted, linked to or away from them), the receipts of those donations and their
 * re-issues, the recurring plans those donations started, their tax registrations, and the donor's own
 * record (name, contact, NRIC, enrolment). A drawn value is never drawn again, so one value names one
 * state of the list: an answer kept with the value read before it was made is current exactly while
 * that value is still the one in the table (`History.transactions` and src/server/api/history.ts).
 *
 * The triggers are constraint triggers deferred to the commit: the value is written in the same
 * transaction as the change (both become visible together, on every instance), and its row lock is
 * the writing transaction's last one, so it adds no lock-order conflict with the locks the
 * transaction took on its way. A donor without a row has had no change since this migration ('0').
 */
export const historyVersion = `
create sequence donor_history_version_seq;
create table donor_history_version (
  donor_id uuid primary key,
  version bigint not null
);

create function donor_history_bump(did uuid) returns void language sql as $$
  insert into donor_history_version (donor_id, version)
  values (did, nextval('donor_history_version_seq'))
  on conflict (donor_id) do update set version = excluded.version
$$;

create function donor_history_donation() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.donor_id is not null then
    perform donor_history_bump(old.donor_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.donor_id is not null
     and (tg_op = 'INSERT' or new.donor_id is distinct from old.donor_id) then
    perform donor_history_bump(new.donor_id);
  end if;
  return null;
end;
$$;
create constraint trigger donor_history_donation_inserted after insert on donation
  deferrable initially deferred for each row when (new.donor_id is not null)
  execute function donor_history_donation();
create constraint trigger donor_history_donation_updated after update on donation
  deferrable initially deferred for each row
  when (old.donor_id is not null or new.donor_id is not null)
  execute function donor_history_donation();
create constraint trigger donor_history_donation_deleted after delete on donation
  deferrable initially deferred for each row when (old.donor_id is not null)
  execute function donor_history_donation();

-- A row of a table keyed by donation: the donors of the donations it names, before and after (read at
-- the commit, as they will be). Receipts and tax registrations name it in donation_id; a recurring
-- plan in first_donation_id (the donation that started it, where the list shows it).
create function donor_history_of_donations(before uuid, after uuid) returns void language plpgsql as $$
begin
  perform donor_history_bump(d.donor_id) from donation d
    where d.id in (before, after) and d.donor_id is not null;
end;
$$;
create function donor_history_by_donation() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform donor_history_of_donations(null, new.donation_id);
  elsif tg_op = 'UPDATE' then
    perform donor_history_of_donations(old.donation_id, new.donation_id);
  else
    perform donor_history_of_donations(old.donation_id, null);
  end if;
  return null;
end;
$$;
create function donor_history_by_plan() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform donor_history_of_donations(null, new.first_donation_id);
  elsif tg_op = 'UPDATE' then
    perform donor_history_of_donations(old.first_donation_id, new.first_donation_id);
  else
    perform donor_history_of_donations(old.first_donation_id, null);
  end if;
  return null;
end;
$$;
create function donor_history_by_reissue() returns trigger language plpgsql as $$
declare
  before uuid;
  after uuid;
begin
  if tg_op <> 'INSERT' then
    select donation_id into before from receipt where id = old.receipt_id;
  end if;
  if tg_op <> 'DELETE' then
    select donation_id into after from receipt where id = new.receipt_id;
  end if;
  perform donor_history_of_donations(before, after);
  return null;
end;
$$;
create constraint trigger donor_history_receipt after insert or update or delete on receipt
  deferrable initially deferred for each row execute function donor_history_by_donation();
create constraint trigger donor_history_tax_registration
  after insert or update or delete on tax_registration
  deferrable initially deferred for each row execute function donor_history_by_donation();
create constraint trigger donor_history_recurring_plan
  after insert or update or delete on recurring_plan
  deferrable initially deferred for each row execute function donor_history_by_plan();
create constraint trigger donor_history_receipt_reissue
  after insert or update or delete on receipt_reissue
  deferrable initially deferred for each row execute function donor_history_by_reissue();

create function donor_history_donor() returns trigger language plpgsql as $$
begin
  perform donor_history_bump(new.id);
  return null;
end;
$$;
create constraint trigger donor_history_donor after update on donor
  deferrable initially deferred for each row execute function donor_history_donor();
`;
