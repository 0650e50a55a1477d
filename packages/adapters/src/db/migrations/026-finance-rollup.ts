/**
 * Finance at scale (issue 19): the dashboard's figures kept per Singapore day, and an ordered index for
 * the IRAS file. docs/finance.md, "Per-day totals", says how it works and why.
 *
 * Each gift's contribution is kept beside the ledger, by triggers on `donation` and `receipt`:
 * `finance_paid_gift` (a receipted gift, counted on the day its receipt was issued) and
 * `finance_returned_gift` (a refunded or voided gift, on the day of the donation's last change, as the
 * ledger dates it). `finance_refresh` recomputes one donation's contribution from the ledger as it now
 * stands and, only when it differs from the one kept, appends the difference (-old, +new) to
 * `finance_delta`: idempotent, so two triggers of one statement (a payment's update and its receipt)
 * count a gift once. Appending takes no lock a payment could wait on; `finance_compact` (the dashboard
 * calls it before reading) moves the appended rows into the per-day tables in one statement.
 */
export const financeRollup = `
create table finance_paid_gift (
  donation_id uuid primary key,
  day date not null,
  minute timestamp not null,
  fund text not null,
  method text not null,
  amount bigint not null,
  donor text not null
);
create index finance_paid_gift_day on finance_paid_gift (day, fund) include (donor);

create table finance_returned_gift (
  donation_id uuid primary key,
  kind text not null,
  day date not null,
  fund text not null,
  method text not null,
  amount bigint not null
);

create table finance_delta (
  kind text not null,
  day date not null,
  minute timestamp,
  fund text not null,
  method text not null,
  count integer not null,
  amount bigint not null,
  donor text
);
-- Emptied by every compaction: vacuumed often, so the next one does not read what was deleted.
alter table finance_delta set (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);

create table finance_day_total (
  kind text not null check (kind in ('paid', 'refunded', 'voided')),
  day date not null,
  fund text not null,
  method text not null,
  count bigint not null,
  amount bigint not null,
  primary key (kind, day, fund, method)
);

-- fund '*' is every fund together.
create table finance_minute_total (
  fund text not null,
  minute timestamp not null,
  day date not null,
  count bigint not null,
  amount bigint not null,
  primary key (fund, minute)
);
create index finance_minute_busiest on finance_minute_total (fund, day, count desc, minute);

-- HyperLogLog registers (4,096, one byte each) of the donors paying on a day, per fund and '*'.
create table finance_donor_sketch (
  fund text not null,
  day date not null,
  registers bytea not null,
  primary key (fund, day)
);

create function finance_refresh(did uuid) returns void language plpgsql as $$
declare
  n record;
  o record;
  has_n boolean;
  has_o boolean;
begin
  select ((r.issued_at at time zone 'UTC') + interval '8 hours')::date as day,
         date_trunc('minute', (r.issued_at at time zone 'UTC') + interval '8 hours') as minute,
         d.flow as fund, coalesce(d.payment_method, 'unknown') as method, d.total_cents as amount,
         coalesce(d.donor_id::text, encode(d.donor_id_hash, 'hex'), d.gift_email,
                  d.guest_session_id::text, d.id::text) as donor
    into n
    from receipt r join donation d on d.id = r.donation_id
    where r.donation_id = did and d.status in ('succeeded', 'refunded', 'voided');
  has_n := found;
  select * into o from finance_paid_gift where donation_id = did;
  has_o := found;
  if has_o and (not has_n or (o.day, o.minute, o.fund, o.method, o.amount, o.donor)
                  is distinct from (n.day, n.minute, n.fund, n.method, n.amount, n.donor)) then
    insert into finance_delta values ('paid', o.day, o.minute, o.fund, o.method, -1, -o.amount, null);
    delete from finance_paid_gift where donation_id = did;
    has_o := false;
  end if;
  if has_n and not has_o then
    insert into finance_delta values ('paid', n.day, n.minute, n.fund, n.method, 1, n.amount, n.donor);
    insert into finance_paid_gift values (did, n.day, n.minute, n.fund, n.method, n.amount, n.donor);
  end if;

  select d.status as kind, ((d.updated_at at time zone 'UTC') + interval '8 hours')::date as day,
         d.flow as fund, coalesce(d.payment_method, 'unknown') as method, d.total_cents as amount
    into n
    from donation d where d.id = did and d.status in ('refunded', 'voided');
  has_n := found;
  select * into o from finance_returned_gift where donation_id = did;
  has_o := found;
  if has_o and (not has_n or (o.kind, o.day, o.fund, o.method, o.amount)
                  is distinct from (n.kind, n.day, n.fund, n.method, n.amount)) then
    insert into finance_delta values (o.kind, o.day, null, o.fund, o.method, -1, -o.amount, null);
    delete from finance_returned_gift where donation_id = did;
    has_o := false;
  end if;
  if has_n and not has_o then
    insert into finance_delta values (n.kind, n.day, null, n.fund, n.method, 1, n.amount, null);
    insert into finance_returned_gift values (did, n.kind, n.day, n.fund, n.method, n.amount);
  end if;
end;
$$;

create function finance_donation_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform finance_refresh(old.id);
    return old;
  end if;
  perform finance_refresh(new.id);
  return new;
end;
$$;
create trigger finance_donation_changed after insert or delete on donation
  for each row execute function finance_donation_changed();
create trigger finance_donation_updated after update on donation
  for each row when ((old.status, old.flow, old.payment_method, old.total_cents, old.updated_at,
                      old.donor_id, old.donor_id_hash, old.gift_email, old.guest_session_id)
                     is distinct from
                     (new.status, new.flow, new.payment_method, new.total_cents, new.updated_at,
                      new.donor_id, new.donor_id_hash, new.gift_email, new.guest_session_id))
  execute function finance_donation_changed();

create function finance_receipt_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform finance_refresh(old.donation_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform finance_refresh(new.donation_id);
  end if;
  return null;
end;
$$;
create trigger finance_receipt_changed after insert or delete on receipt
  for each row execute function finance_receipt_changed();
create trigger finance_receipt_updated after update on receipt
  for each row when ((old.donation_id, old.issued_at) is distinct from (new.donation_id, new.issued_at))
  execute function finance_receipt_changed();

-- A sketch with the given registers raised to at least the given ranks.
create function finance_sketch_raise(sketch bytea, regs integer[], ranks integer[]) returns bytea
language plpgsql immutable as $$
declare
  i integer;
begin
  for i in 1 .. coalesce(array_length(regs, 1), 0) loop
    if get_byte(sketch, regs[i]) < ranks[i] then
      sketch := set_byte(sketch, regs[i], ranks[i]);
    end if;
  end loop;
  return sketch;
end;
$$;

-- Moves every appended difference into the per-day tables, in one statement (what it deletes is what
-- it adds), one caller at a time. Returns how many differences it moved.
create function finance_compact() returns bigint language plpgsql as $$
declare
  moved bigint;
begin
  perform pg_advisory_xact_lock(2619);
  with gone as (
    delete from finance_delta returning *
  ), totals as (
    insert into finance_day_total (kind, day, fund, method, count, amount)
    select kind, day, fund, method, sum(count), sum(amount) from gone group by 1, 2, 3, 4
    on conflict (kind, day, fund, method) do update
      set count = finance_day_total.count + excluded.count,
          amount = finance_day_total.amount + excluded.amount
  ), minutes as (
    insert into finance_minute_total (fund, minute, day, count, amount)
    select coalesce(fund, '*'), minute, min(day), sum(count), sum(amount) from gone
    where kind = 'paid' group by grouping sets ((fund, minute), (minute))
    on conflict (fund, minute) do update
      set count = finance_minute_total.count + excluded.count,
          amount = finance_minute_total.amount + excluded.amount
  ), hashed as (
    -- HyperLogLog: a 64-bit hash of the donor; its first 12 bits pick the register, the position of
    -- the first 1 in the other 52 is the rank (53 when there is none).
    select f.fund, g.day, hashtextextended(g.donor, 0)::bit(64) as h
    from gone g, lateral (values (g.fund), ('*')) f(fund)
    where g.kind = 'paid' and g.count > 0 and g.donor is not null
  ), ranked as (
    select fund, day, substring(h from 1 for 12)::integer as reg,
           max(coalesce(nullif(position(B'1' in substring(h from 13)), 0), 53)) as rank
    from hashed group by 1, 2, 3
  ), raised as (
    select k.fund, k.day,
           finance_sketch_raise(coalesce(s.registers, decode(repeat('00', 4096), 'hex')),
                                array_agg(k.reg), array_agg(k.rank)) as registers
    from ranked k left join finance_donor_sketch s on s.fund = k.fund and s.day = k.day
    group by k.fund, k.day, s.registers
  ), sketches as (
    insert into finance_donor_sketch (fund, day, registers) select fund, day, registers from raised
    on conflict (fund, day) do update set registers = excluded.registers
  )
  select count(*) into moved from gone;
  -- After a large catch-up (the first read after a bulk load), the planner needs the new sizes.
  if moved > 100000 then
    analyze finance_day_total;
    analyze finance_minute_total;
    analyze finance_donor_sketch;
  end if;
  return moved;
end;
$$;

-- What is in the ledger already.
do $$
declare
  d uuid;
begin
  for d in select donation_id from receipt union select id from donation where status in ('refunded', 'voided') loop
    perform finance_refresh(d);
  end loop;
end;
$$;
select finance_compact();

-- The IRAS file walks a Singapore year's receipts in receipt-number order, per series.
create index receipt_sgt_year_order on receipt
  ((date_part('year', (issued_at at time zone 'UTC') + interval '8 hours')), series, serial);
`;
