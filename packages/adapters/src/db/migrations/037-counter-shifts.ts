/**
 * Issue 32, counter shifts. An amil opens a shift at a mosque with a cash float; every counter
 * receipt is recorded within its amil's open shift (`donation.shift_id`); the amil closes it with the
 * count (`close`: the pieces per denomination, expected against counted for cash, cheques and NETS,
 * the reason for a difference); an approver, never the amil, signs it off. A signed-off shift is
 * locked: the database refuses any change to its row, and any gift recorded into a shift that is not
 * open. One open shift per amil.
 */
export const counterShifts = `
create table counter_shift (
  id uuid primary key,
  mosque_name text not null check (length(mosque_name) between 3 and 80),
  amil_id text not null,
  amil_name text not null,
  float_cents bigint not null check (float_cents >= 0),
  status text not null default 'open' check (status in ('open', 'closed', 'signed_off')),
  opened_at timestamptz not null,
  closed_at timestamptz,
  close jsonb,
  cash_difference_cents bigint,
  reason text,
  signed_off_by text,
  signed_off_by_name text,
  signed_off_at timestamptz,
  check ((status = 'open') = (closed_at is null)),
  check (status = 'open' or close is not null),
  check ((status = 'signed_off') = (signed_off_by is not null)),
  check (signed_off_by is null or signed_off_by <> amil_id)
);
create unique index counter_shift_open on counter_shift (amil_id) where status = 'open';
create index counter_shift_opened on counter_shift (opened_at desc);

create function counter_shift_locked() returns trigger language plpgsql as $$
begin
  raise exception 'counter shift % is signed off (% refused)', old.id, tg_op;
end
$$;
create trigger counter_shift_no_change before update or delete on counter_shift
  for each row when (old.status = 'signed_off') execute function counter_shift_locked();

alter table donation add column shift_id uuid references counter_shift (id);
create index donation_shift on donation (shift_id) where shift_id is not null;

create function donation_shift_open() returns trigger language plpgsql as $$
begin
  if new.shift_id is not null and (tg_op = 'INSERT' or new.shift_id is distinct from old.shift_id)
     and not exists (select 1 from counter_shift where id = new.shift_id and status = 'open') then
    raise exception 'counter shift % is not open', new.shift_id;
  end if;
  return new;
end
$$;
create trigger donation_shift_open before insert or update of shift_id on donation
  for each row execute function donation_shift_open();
`;
